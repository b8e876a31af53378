import type { Point } from 'geojson';
import { Marker, Popup, type Map as MapLibreMap, type PositionAnchor } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { typeLabel } from '../../lib/format.ts';
import { format } from '../../lib/i18nFormat.ts';
import { PIN_SIZE } from '../../map/markers.ts';
import type { LatLng, MapProperty } from '../../map/types.ts';
import type { MapAnswer, MapPoint } from '../../stores/mapSearch.ts';
import { SOURCE, type Feature } from './listingLayers.ts';
import { pointPopupContent, popupContent } from './popup.ts';
import { loadSummary } from './popupSummary.ts';

export type Target = LatLng & { title: string };

type Options = {
  answer: MapAnswer | undefined;
  /** The listings the page has loaded, by id: their popups need no request. */
  loaded: Map<string, MapProperty>;
  visitor: boolean;
  /** Markers are dropped and made anew when this changes (new filters or drawn area). */
  resetKey: string;
  /** A popup opened: the listing the navigation panel measures to. */
  onOpen: (target: Target) => void;
};

/**
 * A button over a pin the map draws (listingLayers.ts), so each listing is
 * reachable by keyboard and screen readers and opens its popup; it is
 * transparent, the pin under it is what shows.
 */
const markerElement = (id: string, label: string) => {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'map-marker';
  button.setAttribute('aria-label', label);
  button.dataset.propertyId = id;
  return button;
};

/** Popups point at the pin's head when above it, at its tip when below (the pin's anchor is its tip). */
const { width, height } = PIN_SIZE;
const POPUP_OFFSET: Record<PositionAnchor, [number, number]> = {
  center: [0, -height / 2],
  top: [0, 0],
  'top-left': [0, 0],
  'top-right': [0, 0],
  bottom: [0, -height],
  'bottom-left': [0, -height],
  'bottom-right': [0, -height],
  left: [width / 2, -height / 2],
  right: [-width / 2, -height / 2],
};

/** The marker of one listing and its popup; a listing the page has not loaded is fetched when its popup opens. */
const makeMarker = (map: MapLibreMap, point: MapPoint, options: Options): Marker => {
  const { visitor, onOpen } = options;
  const at = { latitude: point.lat, longitude: point.lng };
  let shown = options.loaded.get(point.id);
  const element = markerElement(
    point.id,
    shown?.title ?? format('map.popup.forRent', { type: typeLabel(point.type) }),
  );
  const popup = new Popup({ offset: POPUP_OFFSET, maxWidth: '260px' }).setDOMContent(
    shown ? popupContent(shown, visitor) : pointPopupContent(point, visitor, true),
  );
  popup.on('open', () => {
    if (shown) {
      onOpen({ ...at, title: shown.title });
      return;
    }
    onOpen({
      ...at,
      title: format('map.popup.target', { type: typeLabel(point.type).toLowerCase() }),
    });
    void loadSummary(point.id, visitor).then((summary) => {
      if (!summary) {
        popup.setDOMContent(pointPopupContent(point, visitor));
        return;
      }
      shown = summary;
      popup.setDOMContent(popupContent(summary, visitor));
      element.setAttribute('aria-label', summary.title);
      if (popup.isOpen()) onOpen({ ...at, title: summary.title });
    });
  });
  return new Marker({ element, anchor: 'bottom' })
    .setLngLat([point.lng, point.lat])
    .setPopup(popup)
    .addTo(map);
};

/**
 * The single listings of the answer as marker buttons with popups, kept in
 * step with what the map's source shows (pins inside a cluster have none).
 * Kept across answers: a new answer for a moved viewport must not take away
 * (with its open popup) a marker that is still on the map.
 */
export const useListingMarkers = (map: MapLibreMap | null, options: Options) => {
  const { answer, loaded, visitor, resetKey } = options;
  const latest = useRef(options);
  latest.current = options;
  const markersRef = useRef(new Map<string, Marker>());

  // Dropped when what a popup shows changes.
  useEffect(() => {
    const markers = markersRef.current;
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, [map, visitor, loaded, resetKey]);

  useEffect(() => {
    if (!map || !answer) return;
    const markers = markersRef.current;
    const sync = () => {
      if (!map.getSource(SOURCE)) return;
      const visible = new Set<string>();
      for (const f of map.querySourceFeatures(SOURCE)) {
        const props = f.properties as Partial<Feature> & { point_count?: number };
        if (props.point_count !== undefined || !props.id || visible.has(props.id)) continue;
        visible.add(props.id);
        if (markers.has(props.id)) continue;
        const [lng, lat] = (f.geometry as Point).coordinates as [number, number];
        const point: MapPoint = {
          id: props.id,
          lat,
          lng,
          type: (props.type ?? 'flat') as MapPoint['type'],
          ...(props.rent === undefined ? {} : { rent: props.rent }),
        };
        markers.set(props.id, makeMarker(map, point, latest.current));
      }
      for (const [id, marker] of markers)
        if (!visible.has(id)) {
          marker.remove();
          markers.delete(id);
        }
    };
    // The source's 'data' events and 'moveend' can come before its tiles hold the new data (a
    // setData racing a jump), so 'idle' has the last word; the pins themselves do not wait for it.
    map.on('data', sync);
    map.on('moveend', sync);
    map.on('idle', sync);
    sync();
    return () => {
      map.off('data', sync);
      map.off('moveend', sync);
      map.off('idle', sync);
    };
  }, [map, answer, visitor, loaded, resetKey]);
};
