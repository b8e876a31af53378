import type { Sql } from 'postgres';
import type { Coordinates } from '@rentals/core/listings/listing';
import { cityAreaOf } from '@rentals/core/gazetteer/cities';

/**
 * What the SQL function visitor_position (migration 0027) needs to place a
 * listing on the visitors' map: the exact position (never stored in the
 * visitor model, only passed through) and its city's centre and radius when
 * the city is known. Both the visitor model and the search index (which
 * filters visitors' map areas) place listings with it, so they agree.
 */
export type VisitorPositionInput = {
  lat: number | null;
  lng: number | null;
  centre_lat: number | null;
  centre_lng: number | null;
  radius_km: number | null;
};

export const visitorPositionInput = (
  city: string,
  coordinates: Coordinates | null | undefined,
): VisitorPositionInput => {
  const area = cityAreaOf(city);
  return {
    lat: coordinates?.latitude ?? null,
    lng: coordinates?.longitude ?? null,
    centre_lat: area?.centre.lat ?? null,
    centre_lng: area?.centre.lng ?? null,
    radius_km: area?.radiusKm ?? null,
  };
};

/** Visitor positions of many listings in one query, by listing id. */
export const visitorPositions = async (
  db: Sql,
  listings: { id: string; city: string; coordinates: Coordinates }[],
): Promise<Map<string, { lat: number; lng: number }>> => {
  if (listings.length === 0) return new Map();
  const inputs = listings.map((l) => visitorPositionInput(l.city, l.coordinates));
  const column = (key: keyof VisitorPositionInput) => inputs.map((i) => i[key]);
  const rows = await db<{ id: string; lat: number; lng: number }[]>`
    SELECT t.id, v.visitor_lat AS lat, v.visitor_lng AS lng
    FROM unnest(${listings.map((l) => l.id)}::text[], ${column('lat') as number[]}::float8[],
                ${column('lng') as number[]}::float8[], ${column('centre_lat') as number[]}::float8[],
                ${column('centre_lng') as number[]}::float8[], ${column('radius_km') as number[]}::float8[])
      AS t(id, lat, lng, centre_lat, centre_lng, radius_km)
    CROSS JOIN LATERAL visitor_position(t.id, t.lat, t.lng, t.centre_lat, t.centre_lng, t.radius_km) v`;
  return new Map(rows.map((r) => [r.id, { lat: r.lat, lng: r.lng }]));
};
