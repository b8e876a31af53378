import type { SymbolLayerSpecification } from 'maplibre-gl';
import type { MapProperty } from './types.ts';

/** SPEC §2: flat green, PG amber, house purple, anything else blue. */
export const MARKER_COLOURS = {
  flat: '#16a34a',
  PG: '#f59e0b',
  house: '#9333ea',
  other: '#2563eb',
} as const;

export const markerColour = (type: string): string =>
  type === 'flat' || type === 'PG' || type === 'house'
    ? MARKER_COLOURS[type]
    : MARKER_COLOURS.other;

export const LEGEND: { label: string; colour: string }[] = [
  { label: 'Flat', colour: MARKER_COLOURS.flat },
  { label: 'PG', colour: MARKER_COLOURS.PG },
  { label: 'House', colour: MARKER_COLOURS.house },
  { label: 'Other', colour: MARKER_COLOURS.other },
];

/** SPEC §2: only listings with coordinates whose owner left showOnMap on. */
export const mappable = <P extends MapProperty>(properties: P[]) =>
  properties.filter(
    (p): p is P & { location: { coordinates: { latitude: number; longitude: number } } } =>
      p.showOnMap !== false &&
      p.location.coordinates != null &&
      Number.isFinite(p.location.coordinates.latitude) &&
      Number.isFinite(p.location.coordinates.longitude),
  );

/** The map's centre: the average of the listings' coordinates, or undefined when there are none. */
export const averageCenter = (properties: MapProperty[]) => {
  const points = mappable(properties).map((p) => p.location.coordinates);
  if (points.length === 0) return undefined;
  return {
    latitude: points.reduce((s, p) => s + p.latitude, 0) / points.length,
    longitude: points.reduce((s, p) => s + p.longitude, 0) / points.length,
  };
};

/** Where a popup's link goes: visitors to the public page, signed-in users to the full one. */
export const listingHref = (id: string, visitor: boolean) =>
  `${visitor ? '/browse' : '/properties'}/${encodeURIComponent(id)}`;

/** The detail map's pin: its GeoJSON source and its image's name. */
export const LISTING_PIN = { source: 'listing-pin', image: 'listing-pin' } as const;
/** The pin image's size in CSS pixels; its tip is the bottom centre. */
export const PIN_SIZE = { width: 24, height: 33 } as const;

/**
 * The listing's position as map symbols rather than a DOM marker, so the
 * basemap's labels take part in the same placement. MapLibre places symbols
 * from the top layer down, and a symbol placed earlier keeps its room:
 * - the pin goes on top, always drawn, and keeps its room, so a locality
 *   label under it steps aside (the localities layer's variable anchors);
 * - the pin's label (the title) goes beneath every basemap label (see
 *   `pinLabelBefore`), so it is placed last: beside the pin where there is
 *   room, left out where there is none, never in a locality's place.
 */
export const listingPinLayers = (): {
  pin: SymbolLayerSpecification;
  label: SymbolLayerSpecification;
} => ({
  pin: {
    id: 'listing-pin',
    type: 'symbol',
    source: LISTING_PIN.source,
    layout: {
      'icon-image': LISTING_PIN.image,
      'icon-anchor': 'bottom',
      'icon-allow-overlap': true,
      'icon-ignore-placement': false,
    },
  },
  label: {
    id: 'listing-pin-label',
    type: 'symbol',
    source: LISTING_PIN.source,
    layout: {
      'text-field': ['get', 'title'],
      'text-font': ['Noto Sans Bold'],
      'text-size': 12,
      'text-max-width': 10,
      // Beside the pin's head (right, then left), else above it; offsets in ems of the 12 px text,
      // clear of the pin's own room (its half width or height plus both paddings).
      'text-variable-anchor-offset': [
        'left',
        [1.5, -1.7],
        'right',
        [-1.5, -1.7],
        'bottom',
        [0, -3.3],
      ],
      'text-justify': 'auto',
    },
    paint: {
      'text-color': '#1e3a8a',
      'text-halo-color': 'rgba(255,255,255,0.95)',
      'text-halo-width': 1.5,
    },
  },
});

/** The basemap's lowest label layer: the pin's label goes beneath it, so every basemap label is placed first. */
export const pinLabelBefore = (layers: { id: string; type: string }[]): string | undefined =>
  layers.find((l) => l.type === 'symbol')?.id;
