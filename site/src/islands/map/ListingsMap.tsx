import { useStore } from '@nanostores/react';
import type { FeatureCollection, Point } from 'geojson';
import {
  Marker,
  Popup,
  type ExpressionSpecification,
  type GeoJSONSource,
  type Map as MapLibreMap,
} from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { polygonParam } from '../../lib/drawnArea.ts';
import type { Filters } from '../../lib/filters.ts';
import {
  INDIA_CENTER,
  LIST_MAP_HEIGHT_PX,
  LIST_MAP_ZOOM,
  LOCALITIES_MAX_ZOOM,
} from '../../map/constants.ts';
import { LEGEND, markerColour } from '../../map/markers.ts';
import type { MapProperty } from '../../map/types.ts';
import {
  $mapSearch,
  searchMapArea,
  stopMapSearch,
  type MapAnswer,
  type MapPoint,
  type Viewport,
} from '../../stores/mapSearch.ts';
import { $drawnArea, clearDrawnArea, setDrawnArea } from '../../stores/drawnArea.ts';
import { whenStyleLoaded } from './basemap.ts';
import { DrawAreaControls } from './DrawAreaControls.tsx';
import { framing } from './framing.ts';
import { areaBounds } from './areaCorners.ts';
import { openingArea } from './openingArea.ts';
import { NavigationPanel } from './NavigationPanel.tsx';
import { pointPopupContent, popupContent } from './popup.ts';
import { useAreaDrawing } from './useAreaDrawing.ts';
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

const SOURCE = 'listings';
/** India with a margin: the first search, before the map is framed on its matches. */
const INDIA_BBOX: Viewport['bbox'] = [68, 6, 98, 37.5];

type Feature = { id?: string; type?: string; rent?: number; count: number };

/**
 * Points as single features (MapLibre clusters them where they crowd, as
 * before); server clusters as features carrying their `count`, which the
 * source sums when it groups them further.
 */
const toFeatures = (answer: MapAnswer): FeatureCollection<Point, Feature> => ({
  type: 'FeatureCollection',
  features: answer.clustered
    ? answer.clusters.map((c) => ({
        type: 'Feature',
        properties: { count: c.count },
        geometry: { type: 'Point', coordinates: [c.lng, c.lat] },
      }))
    : answer.points.map((p) => ({
        type: 'Feature',
        properties: {
          id: p.id,
          type: p.type,
          count: 1,
          ...(p.rent === undefined ? {} : { rent: p.rent }),
        },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
});

/** A pin as a real button, so markers are reachable by keyboard and screen readers. */
const markerElement = (id: string, type: string, title: string) => {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'map-marker';
  button.style.setProperty('--marker-colour', markerColour(type));
  button.setAttribute('aria-label', title);
  button.dataset.propertyId = id;
  return button;
};

const viewportOf = (map: MapLibreMap): Viewport => {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
};

/** A group's count: MapLibre's clusters sum their features' counts into `total`. */
const COUNT: ExpressionSpecification = ['coalesce', ['get', 'total'], ['get', 'count']];
const IS_GROUP: ExpressionSpecification = [
  'any',
  ['has', 'point_count'],
  ['>', ['coalesce', ['get', 'count'], 1], 1],
];

const addLayers = (map: MapLibreMap, data: FeatureCollection) => {
  map.addSource(SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: 48,
    // Below the map's deepest zoom (our basemap's is LOCALITIES_MAX_ZOOM), so every cluster can be opened.
    clusterMaxZoom: LOCALITIES_MAX_ZOOM - 1,
    clusterProperties: { total: ['+', ['get', 'count']] },
  });
  map.addLayer({
    id: 'listing-clusters',
    type: 'circle',
    source: SOURCE,
    filter: IS_GROUP,
    paint: {
      'circle-color': '#1d4ed8',
      'circle-opacity': 0.85,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
      'circle-radius': ['step', COUNT, 16, 10, 20, 50, 26, 1000, 32],
    },
  });
  map.addLayer({
    id: 'listing-cluster-count',
    type: 'symbol',
    source: SOURCE,
    filter: IS_GROUP,
    layout: {
      'text-field': ['to-string', COUNT],
      'text-font': ['Noto Sans Bold'],
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#fff' },
  });
  // A MapLibre cluster opens at the zoom that splits it (as before); a server cluster, two zooms closer.
  map.on('click', 'listing-clusters', (e) => {
    const group = e.features?.[0];
    // While an area is being drawn, a click marks a corner (useAreaDrawing), wherever it lands.
    if (!group || map.getContainer().dataset.drawing) return;
    const at = (group.geometry as Point).coordinates as [number, number];
    const id = (group.properties as { cluster_id?: number }).cluster_id;
    if (id === undefined) {
      map.easeTo({ center: at, zoom: map.getZoom() + 2 });
      return;
    }
    void map
      .getSource<GeoJSONSource>(SOURCE)
      ?.getClusterExpansionZoom(id)
      .then((zoom) => map.easeTo({ center: at, zoom }));
  });
  map.on('mouseenter', 'listing-clusters', () => (map.getCanvas().style.cursor = 'pointer'));
  map.on('mouseleave', 'listing-clusters', () => (map.getCanvas().style.cursor = ''));
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
  const [target, setTarget] = useState<
    { latitude: number; longitude: number; title: string } | undefined
  >();
  const loaded = useMemo(() => new Map(properties.map((p) => [p._id, p])), [properties]);
  const answer =
    search.status === 'ready'
      ? search.answer
      : search.status === 'loading'
        ? search.previous
        : undefined;

  // New filters, a new drawn area (or a new audience): search the country, or the area, first;
  // then follow the viewport. Effects below depend on filterKey, not on filters (a new object on
  // every render of the page). The map search reads the drawn area from its store.
  const filterKey = JSON.stringify(filters) + (drawn ? polygonParam(drawn) : '');
  useEffect(() => {
    const area = opening.current ?? (drawn ? areaBounds(drawn) : undefined);
    framed.current = area !== undefined;
    searchMapArea(filters, { bbox: area ?? INDIA_BBOX, zoom: LIST_MAP_ZOOM }, { immediate: true });
    return stopMapSearch;
  }, [filterKey, visitor]);

  // A drawn area (just finished, or a saved search's): the map shows all of it.
  useEffect(() => {
    if (!map || !drawn) return;
    map.fitBounds(areaBounds(drawn), { ...framing(map, legend.current, 40), animate: false });
  }, [map, filterKey]);

  // The saved area, once the map is up: its moveend searches the view it gives.
  useEffect(() => {
    if (!map || !opening.current) return;
    map.fitBounds(opening.current, { animate: false });
    opening.current = undefined;
    // The list follows the area too, as after 'Search this area'.
    onSearchArea?.(viewportOf(map).bbox);
  }, [map]);

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
      if (framed.current) searchMapArea(filters, viewportOf(map));
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, filterKey]);

  // Single listings as DOM markers, kept across answers: a new answer for a moved viewport must not
  // take away (with its open popup) a marker that is still on the map. Dropped when what a popup
  // shows changes.
  const markersRef = useRef(new Map<string, Marker>());
  useEffect(() => {
    const markers = markersRef.current;
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, [map, visitor, loaded, filterKey]);

  // The answer on the map: groups drawn by the map, single listings as DOM markers.
  useEffect(() => {
    if (!map || !answer) return;
    const markers = markersRef.current;
    let cancelled = false;

    const syncMarkers = () => {
      if (cancelled || !map.getSource(SOURCE)) return;
      const visible = new Set<string>();
      for (const f of map.querySourceFeatures(SOURCE)) {
        const props = f.properties as Partial<Feature> & { point_count?: number };
        if (props.point_count !== undefined || !props.id || visible.has(props.id)) continue;
        const id = props.id;
        visible.add(id);
        if (markers.has(id)) continue;
        const [lng, lat] = (f.geometry as Point).coordinates as [number, number];
        const full = loaded.get(id);
        const point: MapPoint = {
          id,
          lat,
          lng,
          type: (props.type ?? 'flat') as MapPoint['type'],
          ...(props.rent === undefined ? {} : { rent: props.rent }),
        };
        const title = full?.title ?? `${point.type} listing`;
        const popup = new Popup({ offset: 16, maxWidth: '260px' }).setDOMContent(
          full ? popupContent(full, visitor) : pointPopupContent(point, visitor),
        );
        popup.on('open', () => setTarget({ latitude: lat, longitude: lng, title }));
        markers.set(
          id,
          new Marker({ element: markerElement(id, point.type, title) })
            .setLngLat([lng, lat])
            .setPopup(popup)
            .addTo(map),
        );
      }
      for (const [id, marker] of markers)
        if (!visible.has(id)) {
          marker.remove();
          markers.delete(id);
        }
    };

    void whenStyleLoaded(map).then(() => {
      if (cancelled) return;
      const data = toFeatures(answer);
      const existing = map.getSource<GeoJSONSource>(SOURCE);
      if (existing) void existing.setData(data);
      else addLayers(map, data);
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
      searchMapArea(filters, viewportOf(map));
    });

    // 'data' and 'moveend' can fire before the source's tiles hold the new data (a setData
    // racing a jump), so 'idle' (everything loaded and drawn) has the last word.
    map.on('data', syncMarkers);
    map.on('moveend', syncMarkers);
    map.on('idle', syncMarkers);
    return () => {
      cancelled = true;
      map.off('data', syncMarkers);
      map.off('moveend', syncMarkers);
      map.off('idle', syncMarkers);
    };
  }, [map, answer, visitor, loaded, filterKey]);

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
      <NavigationPanel map={map} {...(target ? { target } : {})} />
    </div>
  );
}
