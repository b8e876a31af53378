import type { FeatureCollection, Point } from 'geojson';
import { LngLatBounds, Marker, Popup, type GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { INDIA_CENTER, LIST_MAP_HEIGHT_PX, LIST_MAP_ZOOM } from '../../map/constants.ts';
import { averageCenter, LEGEND, mappable, markerColour } from '../../map/markers.ts';
import type { MapProperty } from '../../map/types.ts';
import { whenStyleLoaded } from './basemap.ts';
import { NavigationPanel } from './NavigationPanel.tsx';
import { popupContent } from './popup.ts';
import { useMaplibre } from './useMaplibre.ts';

export type { MapProperty } from '../../map/types.ts';

type Props = {
  properties: MapProperty[];
  visitor: boolean;
  onSearchArea?: (bbox: [number, number, number, number]) => void;
};

const SOURCE = 'listings';
/** Visitors' markers sit on a ~1 km grid (2 decimals), like their public listing pages. */
const coarsen = (v: number) => Math.round(v * 100) / 100;

const toFeatures = (
  properties: MapProperty[],
  visitor: boolean,
): FeatureCollection<Point, { id: string }> => ({
  type: 'FeatureCollection',
  features: mappable(properties).map((p) => {
    const { latitude, longitude } = p.location.coordinates;
    return {
      type: 'Feature',
      properties: { id: p._id },
      geometry: {
        type: 'Point',
        coordinates: visitor ? [coarsen(longitude), coarsen(latitude)] : [longitude, latitude],
      },
    };
  }),
});

/** A pin as a real button, so markers are reachable by keyboard and screen readers. */
const markerElement = (p: MapProperty) => {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'map-marker';
  button.style.setProperty('--marker-colour', markerColour(p.propertyType));
  button.setAttribute('aria-label', p.title);
  button.dataset.propertyId = p._id;
  return button;
};

/**
 * The listings map (SPEC §2 Map view): coloured markers with popups, clusters
 * where they crowd, a legend, "Search this area", and the navigation panel.
 */
export default function ListingsMap({ properties, visitor, onSearchArea }: Props) {
  // The first listings decide the first view only.
  const { container, map, failed } = useMaplibre({
    center: averageCenter(properties) ?? INDIA_CENTER,
    zoom: LIST_MAP_ZOOM,
  });
  const framed = useRef(false);
  const [moved, setMoved] = useState(false);
  const [target, setTarget] = useState<
    { latitude: number; longitude: number; title: string } | undefined
  >();
  const shown = useMemo(() => mappable(properties), [properties]);
  const byId = useMemo(() => new Map(shown.map((p) => [p._id, p])), [shown]);

  // Only moves the user makes offer "Search this area"; fitting the listings does not.
  useEffect(() => {
    if (!map) return;
    const onMoveEnd = (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) setMoved(true);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map]);

  // Listings: a clustered source; clusters drawn by the map, single listings as DOM markers.
  useEffect(() => {
    if (!map) return;
    const markers = new Map<string, Marker>();
    let cancelled = false;

    const syncMarkers = () => {
      if (cancelled || !map.getSource(SOURCE)) return;
      const visible = new Set<string>();
      for (const f of map.querySourceFeatures(SOURCE, { filter: ['!', ['has', 'point_count']] })) {
        const id = String((f.properties as { id?: string }).id);
        const p = byId.get(id);
        if (!p || visible.has(id)) continue;
        visible.add(id);
        if (markers.has(id)) continue;
        const [lng, lat] = (f.geometry as Point).coordinates as [number, number];
        const popup = new Popup({ offset: 16, maxWidth: '260px' }).setDOMContent(
          popupContent(p, visitor),
        );
        popup.on('open', () => setTarget({ latitude: lat, longitude: lng, title: p.title }));
        markers.set(
          id,
          new Marker({ element: markerElement(p) })
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
      const data = toFeatures(properties, visitor);
      const existing = map.getSource<GeoJSONSource>(SOURCE);
      if (existing) void existing.setData(data);
      else {
        map.addSource(SOURCE, {
          type: 'geojson',
          data,
          cluster: true,
          clusterRadius: 48,
          clusterMaxZoom: 14,
        });
        map.addLayer({
          id: 'listing-clusters',
          type: 'circle',
          source: SOURCE,
          filter: ['has', 'point_count'],
          paint: {
            'circle-color': '#1d4ed8',
            'circle-opacity': 0.85,
            'circle-stroke-color': '#fff',
            'circle-stroke-width': 2,
            'circle-radius': ['step', ['get', 'point_count'], 16, 10, 20, 50, 26],
          },
        });
        map.addLayer({
          id: 'listing-cluster-count',
          type: 'symbol',
          source: SOURCE,
          filter: ['has', 'point_count'],
          layout: {
            'text-field': ['get', 'point_count_abbreviated'],
            'text-font': ['Noto Sans Bold'],
            'text-size': 12,
            'text-allow-overlap': true,
          },
          paint: { 'text-color': '#fff' },
        });
        map.on('click', 'listing-clusters', (e) => {
          const cluster = e.features?.[0];
          if (!cluster) return;
          const id = Number((cluster.properties as { cluster_id: number }).cluster_id);
          const at = (cluster.geometry as Point).coordinates as [number, number];
          void map
            .getSource<GeoJSONSource>(SOURCE)
            ?.getClusterExpansionZoom(id)
            .then((zoom) => map.easeTo({ center: at, zoom }));
        });
        map.on('mouseenter', 'listing-clusters', () => (map.getCanvas().style.cursor = 'pointer'));
        map.on('mouseleave', 'listing-clusters', () => (map.getCanvas().style.cursor = ''));
      }
      // Frame the listings once, around their average position, close enough to tell them apart.
      // Later lists (a "Search this area" refetch, new filters) keep the view the user chose.
      const points = data.features.map((f) => f.geometry.coordinates as [number, number]);
      if (framed.current || points.length === 0) return;
      framed.current = true;
      if (points.length > 1) {
        const bounds = points.reduce((b, p) => b.extend(p), new LngLatBounds(points[0], points[0]));
        const camera = map.cameraForBounds(bounds, { padding: 60, maxZoom: 13 });
        const center = averageCenter(properties);
        // Centred on the average rather than the bounds' middle, so leave a little room at the edges.
        if (camera?.zoom !== undefined && center)
          map.jumpTo({ center: [center.longitude, center.latitude], zoom: camera.zoom - 0.5 });
      } else if (points.length === 1 && points[0]) map.jumpTo({ center: points[0], zoom: 13 });
    });

    map.on('data', syncMarkers);
    map.on('moveend', syncMarkers);
    return () => {
      cancelled = true;
      map.off('data', syncMarkers);
      map.off('moveend', syncMarkers);
      for (const marker of markers.values()) marker.remove();
    };
  }, [map, properties, visitor, byId]);

  const searchArea = () => {
    if (!map || !onSearchArea) return;
    const b = map.getBounds();
    onSearchArea([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]);
    setMoved(false);
  };

  const none = properties.length > 0 && shown.length === 0;
  return (
    <div className="map-view">
      <div className="map-frame" style={{ height: LIST_MAP_HEIGHT_PX }}>
        <div ref={container} className="map-canvas" data-testid="listings-map" />
        {failed && (
          <p className="map-overlay alert alert-error" role="alert">
            The map could not be loaded. Please try again.
          </p>
        )}
        {none && (
          <div className="map-overlay map-empty" role="status">
            <strong>No Properties on Map</strong> – Properties need coordinates to be displayed on
            the map
          </div>
        )}
        {moved && onSearchArea && (
          <button
            type="button"
            className="button button-primary map-search-area"
            onClick={searchArea}
          >
            Search this area
          </button>
        )}
        <ul className="map-legend" aria-label="Legend">
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
