import { text } from '../../lib/i18n.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useState } from 'react';
import { useKeyed } from '../../components/react/useKeyed.ts';
import { polygonParam } from '../../lib/drawnArea.ts';
import type { Filters } from '../../lib/filters.ts';
import { INDIA_CENTER, LIST_MAP_HEIGHT_PX, LIST_MAP_ZOOM } from '../../map/constants.ts';
import type { MapProperty } from '../../map/types.ts';
import { $mapSearch, type MapSearchState } from '../../stores/mapSearch.ts';
import { $drawnArea, clearDrawnArea, setDrawnArea } from '../../stores/drawnArea.ts';
import { DrawAreaControls } from './DrawAreaControls.tsx';
import { MapLegend, MapMessages } from './MapOverlays.tsx';
import { useMapView, viewportOf } from './mapView.ts';
import { NavigationPanel } from './NavigationPanel.tsx';
import { useAreaDrawing } from './useAreaDrawing.ts';
import { useFirstPinMark } from './useFirstPinMark.ts';
import { useListingMarkers, type Target } from './useListingMarkers.ts';
import { useMaplibre } from './useMaplibre.ts';
import { useAnswerLayers, useAreaFraming, useReframeOnResize } from './useMapFrame.ts';
import { useFilterSearch, useSearchOnMove } from './useListingsSearch.ts';

type Props = {
  /** The page's filters: the map shows every match of them in its viewport. */
  filters: Filters;
  visitor: boolean;
  /** The listings the page has loaded: their markers get the full popup (photo, title, place). */
  properties?: MapProperty[];
  onSearchArea?: (bbox: [number, number, number, number]) => void;
};

/** The answer to show: the latest, or while the next loads the one before. */
const answerOf = (search: MapSearchState) =>
  search.status === 'ready'
    ? search.answer
    : search.status === 'loading'
      ? search.previous
      : undefined;

const finishDrawing = (
  drawing: ReturnType<typeof useAreaDrawing>,
  points: Parameters<typeof setDrawnArea>[0],
) => {
  drawing.stop();
  setDrawnArea(points);
};

/**
 * The listings map (SPEC §2 Map view): every match of the filters in the
 * viewport (the map search), coloured markers with popups, clusters where
 * they crowd, a legend, "Search this area", drawing an area to search
 * within (signed in), and the navigation panel. Panning and zooming search
 * again.
 */
export default function ListingsMap({ filters, visitor, properties = [], onSearchArea }: Props) {
  const { container, map, failed } = useMaplibre({
    view: { center: INDIA_CENTER, zoom: LIST_MAP_ZOOM },
  });
  const search = useStore($mapSearch);
  const drawn = useStore($drawnArea);
  const drawing = useAreaDrawing(map, drawn);
  const [moved, setMoved] = useState(false);
  const onUserMove = useCallback(() => setMoved(true), []);
  const [target, setTarget] = useState<Target | undefined>();
  const loaded = useMemo(() => new Map(properties.map((p) => [p._id, p])), [properties]);
  const answer = answerOf(search);

  // Effects below depend on `keyed`, which changes with filterKey, not with filters (a new
  // object on every render of the page).
  const filterKey = JSON.stringify(filters) + (drawn ? polygonParam(drawn) : '');
  const { view, opening } = useMapView(useKeyed({ filters, drawn }, filterKey));
  useFilterSearch(view, opening, visitor);
  useAreaFraming(map, view, opening, onSearchArea);
  useReframeOnResize(map, view);
  useSearchOnMove(map, view, onUserMove);
  useListingMarkers(map, { answer, loaded, visitor, resetKey: filterKey, onOpen: setTarget });
  useFirstPinMark(map);
  useAnswerLayers(map, answer, view);

  const searchArea = () => {
    if (!map || !onSearchArea) return;
    onSearchArea(viewportOf(map).bbox);
    setMoved(false);
  };

  return (
    <div className="map-view">
      <div className="map-frame" style={{ height: LIST_MAP_HEIGHT_PX }}>
        <div
          ref={container}
          className="map-canvas"
          data-testid="listings-map"
          data-total={answer?.total ?? ''}
          data-clustered={answer ? String(answer.clustered) : ''}
          aria-busy={search.status === 'loading'}
        />
        <MapMessages
          failed={failed}
          search={search}
          moved={moved}
          loadedCount={properties.length}
        />
        {/* The controls over the map come with it: before its styles (loaded with MapLibre's,
            basemap.ts) they sat in the frame's flow and moved as the styles arrived (CLS). */}
        {map && onSearchArea && (
          <DrawAreaControls
            points={drawing.points}
            drawn={drawn !== null}
            onStart={drawing.start}
            onUndo={drawing.undo}
            onCancel={drawing.stop}
            onFinish={(points) => finishDrawing(drawing, points)}
            onClear={clearDrawnArea}
          />
        )}
        {moved && onSearchArea && !drawing.points && (
          <button
            type="button"
            className="button button-primary map-search-area"
            onClick={searchArea}
          >
            {text('map.searchArea')}
          </button>
        )}
        {map && <MapLegend legendRef={view.legend} />}
      </div>
      <NavigationPanel map={map} legend={view.legend} {...(target ? { target } : {})} />
    </div>
  );
}
