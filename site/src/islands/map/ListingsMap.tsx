import { useStore } from '@nanostores/react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useKeyed } from '../../components/react/useKeyed.ts';
import { polygonParam } from '../../lib/drawnArea.ts';
import type { Filters } from '../../lib/filters.ts';
import { INDIA_CENTER, LIST_MAP_HEIGHT_PX, LIST_MAP_ZOOM } from '../../map/constants.ts';
import { LEGEND } from '../../map/markers.ts';
import type { MapProperty } from '../../map/types.ts';
import { $mapSearch, searchMapArea, stopMapSearch, type Viewport } from '../../stores/mapSearch.ts';
import { $drawnArea, clearDrawnArea, setDrawnArea } from '../../stores/drawnArea.ts';
import { whenStyleLoaded } from './basemap.ts';
import { DrawAreaControls } from './DrawAreaControls.tsx';
import { framing } from './framing.ts';
import { areaBounds } from './areaCorners.ts';
import { addListingLayers, SOURCE, toFeatures } from './listingLayers.ts';
import { openingArea } from './openingArea.ts';
import { NavigationPanel } from './NavigationPanel.tsx';
import { useAreaDrawing } from './useAreaDrawing.ts';
import { useFirstPinMark } from './useFirstPinMark.ts';
import { useListingMarkers, type Target } from './useListingMarkers.ts';
import { useMaplibre } from './useMaplibre.ts';

export type { MapProperty } from '../../map/types.ts';

type Props = {
  /** The page's filters: the map shows every match of them in its viewport. */
  filters: Filters;
  visitor: boolean;
  /** The listings the page has loaded: their markers get the full popup (photo, title, place). */
  properties?: MapProperty[];
  onSearchArea?: (bbox: [number, number, number, number]) => void;
};

/** India with a margin: the first search, before the map is framed on its matches. */
const INDIA_BBOX: Viewport['bbox'] = [68, 6, 98, 37.5];

const viewportOf = (map: MapLibreMap): Viewport => {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
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
  const framed = useRef(false);
  const legend = useRef<HTMLUListElement>(null);
  // Opened on a saved search's map area: that view, not one framed around the matches (once).
  const opening = useRef(openingArea(window.location.search) ?? undefined);
  const [moved, setMoved] = useState(false);
  const [target, setTarget] = useState<Target | undefined>();
  const loaded = useMemo(() => new Map(properties.map((p) => [p._id, p])), [properties]);
  const answer =
    search.status === 'ready'
      ? search.answer
      : search.status === 'loading'
        ? search.previous
        : undefined;

  // New filters, a new drawn area (or a new audience): search the country, or the area, first;
  // then follow the viewport. Effects below depend on `keyed`, which changes with filterKey, not
  // with filters (a new object on every render of the page). The map search reads the drawn area
  // from its store.
  const filterKey = JSON.stringify(filters) + (drawn ? polygonParam(drawn) : '');
  const keyed = useKeyed({ filters, drawn }, filterKey);
  useEffect(() => {
    const area = opening.current ?? (keyed.drawn ? areaBounds(keyed.drawn) : undefined);
    framed.current = area !== undefined;
    const view = { bbox: area ?? INDIA_BBOX, zoom: LIST_MAP_ZOOM };
    searchMapArea(keyed.filters, view, { immediate: true });
    return stopMapSearch;
  }, [keyed, visitor]);

  // A drawn area (just finished, or a saved search's): the map shows all of it.
  useEffect(() => {
    if (!map || !keyed.drawn) return;
    map.fitBounds(areaBounds(keyed.drawn), { ...framing(map, legend.current, 40), animate: false });
  }, [map, keyed]);

  // The saved area, once the map is up: its moveend searches the view it gives.
  useEffect(() => {
    if (!map || !opening.current) return;
    map.fitBounds(opening.current, { animate: false });
    opening.current = undefined;
    // The list follows the area too, as after 'Search this area'.
    onSearchArea?.(viewportOf(map).bbox);
  }, [map, onSearchArea]);

  // The matches' bounds the map was framed on, until the user moves it: framed again when the
  // map's size changes (a map framed while its container was still being laid out opened zoomed
  // out, its nearby listings clustered).
  const frame = useRef<[number, number, number, number] | undefined>(undefined);
  useEffect(() => {
    if (!map) return;
    const reframe = () => {
      if (!frame.current) return;
      const camera = map.cameraForBounds(frame.current, framing(map, legend.current));
      if (camera) map.jumpTo(camera);
    };
    map.on('resize', reframe);
    return () => {
      map.off('resize', reframe);
    };
  }, [map]);

  // Every pan and zoom searches the new viewport (debounced, the previous request aborted).
  useEffect(() => {
    if (!map) return;
    const onMoveEnd = (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) {
        setMoved(true);
        frame.current = undefined;
      }
      if (framed.current) searchMapArea(keyed.filters, viewportOf(map));
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, keyed]);

  useListingMarkers(map, { answer, loaded, visitor, resetKey: filterKey, onOpen: setTarget });
  useFirstPinMark(map);

  // The answer on the map: the source's data, drawn by its layers as soon as the style is parsed.
  useEffect(() => {
    if (!map || !answer) return;
    let cancelled = false;
    void whenStyleLoaded(map).then(() => {
      if (cancelled) return;
      const data = toFeatures(answer);
      const existing = map.getSource<GeoJSONSource>(SOURCE);
      if (existing) void existing.setData(data);
      else addListingLayers(map, data);
      // Frame the first answer once, around its matches; later answers keep the view the user chose.
      if (framed.current) return;
      framed.current = true;
      const positions = data.features.map((f) => f.geometry.coordinates as [number, number]);
      if (positions.length === 0) return;
      const lngs = positions.map((p) => p[0]);
      const lats = positions.map((p) => p[1]);
      frame.current = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
      const camera = map.cameraForBounds(frame.current, framing(map, legend.current));
      if (camera) map.jumpTo(camera);
      // jumpTo's moveend searches the framed viewport; when nothing moved, search it here.
      searchMapArea(keyed.filters, viewportOf(map));
    });

    return () => {
      cancelled = true;
    };
  }, [map, answer, keyed]);

  const searchArea = () => {
    if (!map || !onSearchArea) return;
    onSearchArea(viewportOf(map).bbox);
    setMoved(false);
  };

  const empty = search.status === 'ready' && search.answer.total === 0;
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
        {failed && (
          <p className="map-overlay alert alert-error" role="alert">
            The map could not be loaded. Please try again.
          </p>
        )}
        {search.status === 'error' && (
          <p className="map-overlay alert alert-error" role="alert">
            {search.message}
          </p>
        )}
        {empty && !moved && properties.length > 0 && (
          <div className="map-overlay map-empty" role="status">
            <strong>No Properties on Map</strong> – Properties need coordinates to be displayed on
            the map
          </div>
        )}
        {empty && (moved || properties.length === 0) && (
          <div className="map-overlay map-empty" role="status">
            <strong>No Properties Found</strong>
            <p className="muted" style={{ margin: 0 }}>
              Try adjusting your search criteria
            </p>
          </div>
        )}
        {onSearchArea && (
          <DrawAreaControls
            points={drawing.points}
            drawn={drawn !== null}
            onStart={drawing.start}
            onUndo={drawing.undo}
            onCancel={drawing.stop}
            onFinish={(points) => {
              drawing.stop();
              setDrawnArea(points);
            }}
            onClear={clearDrawnArea}
          />
        )}
        {moved && onSearchArea && !drawing.points && (
          <button
            type="button"
            className="button button-primary map-search-area"
            onClick={searchArea}
          >
            Search this area
          </button>
        )}
        <ul className="map-legend" aria-label="Legend" ref={legend}>
          {LEGEND.map((item) => (
            <li key={item.label}>
              <span
                className="map-legend-dot"
                style={{ background: item.colour }}
                aria-hidden="true"
              />
              {item.label}
            </li>
          ))}
        </ul>
      </div>
      <NavigationPanel map={map} legend={legend} {...(target ? { target } : {})} />
    </div>
  );
}
