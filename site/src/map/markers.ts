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
