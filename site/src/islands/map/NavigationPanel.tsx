import { LngLatBounds, Marker, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import type { Feature, LineString } from 'geojson';
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  deviceDirectionsLink,
  fetchRoute,
  straightLine,
  type Route,
} from '../../map/directions.ts';
import { distanceKm, formatCoordinates, formatDistance } from '../../map/distance.ts';
import { MAP_POSITION_OPTIONS } from '../../map/positionOptions.ts';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import { text } from '../../lib/i18n.ts';
import { format, formatRich } from '../../lib/i18nFormat.ts';
import type { LatLng } from '../../map/types.ts';
import { routingUrlOf, whenStyleLoaded } from './basemap.ts';
import { framing } from './framing.ts';
import { useDeviceLocation } from '../../components/react/useDeviceLocation.ts';
import { Alert } from '../../components/react/Alert.tsx';

const ROUTE_SOURCE = 'navigation-route';

type Props = {
  map: MapLibreMap | null;
  /** The map's legend, which the framed trip keeps clear of (see framing). */
  legend?: RefObject<HTMLElement | null>;
  /** The listing the distance and directions are to; none until one is chosen on a listings map. */
  target?: LatLng & { title: string };
};

const drawRoute = async (map: MapLibreMap, route: Route) => {
  await whenStyleLoaded(map);
  const data: Feature<LineString> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: route.coordinates },
  };
  const source = map.getSource<GeoJSONSource>(ROUTE_SOURCE);
  if (source) void source.setData(data);
  else {
    map.addSource(ROUTE_SOURCE, { type: 'geojson', data });
    map.addLayer({
      id: ROUTE_SOURCE,
      type: 'line',
      source: ROUTE_SOURCE,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': '#2563eb',
        'line-width': 4,
        'line-opacity': 0.85,
        ...(route.kind === 'straight' ? { 'line-dasharray': [2, 1.5] } : {}),
      },
    });
  }
};

/** The whole trip in view (both ends and the route between), framed as the map frames everything. */
const frameTrip = (map: MapLibreMap, ends: LatLng[], route: Route, legend: HTMLElement | null) => {
  const bounds = new LngLatBounds();
  for (const end of ends) bounds.extend([end.longitude, end.latitude]);
  for (const point of route.coordinates) bounds.extend(point);
  map.fitBounds(bounds, framing(map, legend));
};

/** The route's length (and time, when the routing service gives it), or the straight line's. */
const routeText = (route: Route): string => {
  const distance = formatDistance(route.distanceKm);
  if (route.kind !== 'road') return format('map.nav.straight', { distance });
  return route.durationMin === undefined
    ? format('map.nav.road', { distance })
    : format('map.nav.roadTime', { distance, minutes: Math.max(1, Math.round(route.durationMin)) });
};

const removeRoute = (map: MapLibreMap) => {
  if (map.getLayer(ROUTE_SOURCE)) map.removeLayer(ROUTE_SOURCE);
  if (map.getSource(ROUTE_SOURCE)) map.removeSource(ROUTE_SOURCE);
};

/**
 * 'Get My Location', the straight-line distance to the target, and
 * 'Get Directions': a road route from an OSRM-compatible service when the
 * operator configured one, otherwise the straight line and a link that hands
 * the trip to the device's maps app.
 */
export const NavigationPanel = ({ map, legend, target }: Props) => {
  const [position, setPosition] = useState<LatLng | null>(null);
  const [route, setRoute] = useState<Route | null>(null);
  const [routing, setRouting] = useState(false);
  const userMarker = useRef<Marker | null>(null);

  useEffect(
    () => () => {
      userMarker.current?.remove();
    },
    [],
  );

  const { locating, error, locate } = useDeviceLocation(MAP_POSITION_OPTIONS, (here) => {
    setPosition(here);
    if (map) {
      userMarker.current ??= new Marker({
        element: Object.assign(document.createElement('div'), {
          className: 'map-user-marker',
          title: text('map.nav.yourLocationMarker'),
        }),
      });
      userMarker.current.setLngLat([here.longitude, here.latitude]).addTo(map);
    }
  });

  const directions = async () => {
    if (!map || !position || !target) return;
    setRouting(true);
    const straight = straightLine(position, target, distanceKm(position, target));
    const routingUrl = await routingUrlOf();
    // A routing service that fails or finds nothing still leaves the straight line and the device link.
    const found = routingUrl
      ? await fetchRoute(routingUrl, position, target, AbortSignal.timeout(10_000)).catch(
          () => straight,
        )
      : straight;
    await drawRoute(map, found);
    frameTrip(map, [position, target], found, legend?.current ?? null);
    setRoute(found);
    setRouting(false);
  };

  const clear = () => {
    if (map) removeRoute(map);
    setRoute(null);
  };

  const distance = position && target ? distanceKm(position, target) : undefined;
  return (
    <section className="map-nav" aria-label={text('map.nav.region')}>
      <div className="map-nav-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => void locate()}
          disabled={locating}
        >
          {text(locating ? 'map.nav.locating' : 'map.nav.locate')}
        </button>
        <button
          type="button"
          className="button button-small button-primary"
          onClick={() => void directions()}
          disabled={!position || !target || routing}
        >
          {text('map.nav.directions')}
        </button>
        {route && (
          <button type="button" className="button button-small" onClick={clear}>
            {text('map.nav.clearRoute')}
          </button>
        )}
      </div>
      <Alert className="map-nav-error" message={error} />
      {position && (
        <p className="map-nav-line" data-testid="my-location">
          {format('map.nav.yourLocation', { coordinates: formatCoordinates(position) })}
        </p>
      )}
      {distance !== undefined && target && (
        <p className="map-nav-line" data-testid="distance">
          {richNodes(
            formatRich<React.ReactNode>('map.nav.distance', {
              target: target.title,
              distance: formatDistance(distance),
              b: (chunks) => <strong>{chunks}</strong>,
            }),
          )}
        </p>
      )}
      {!target && position && <p className="map-nav-line muted">{text('map.nav.choose')}</p>}
      {route && position && target && (
        <p className="map-nav-line" data-testid="route">
          {routeText(route)}
          <a
            href={deviceDirectionsLink(position, target, navigator.userAgent)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {text('map.nav.openApp')}
          </a>
        </p>
      )}
    </section>
  );
};
