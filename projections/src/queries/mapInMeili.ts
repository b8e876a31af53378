import type { Meilisearch } from 'meilisearch';
import type { PropertyType } from '@rentals/core/listings/listing';
import type { SearchAudience } from './criteria.ts';
import { roundDegrees, type MapPoint } from './mapGrid.ts';
import type { MapCriteria } from './mapInPostgres.ts';
import { meiliFilter } from './searchInMeili.ts';
import { LISTINGS_INDEX } from '@rentals/core/readSide/names';

type Hit = {
  id: string;
  lat?: number;
  lng?: number;
  coarseLat?: number;
  coarseLng?: number;
  propertyType: PropertyType;
  rent?: number;
};

/**
 * The map search's Meilisearch request: the list's filter (meiliFilter, with
 * the viewport on the audience's positions) and only listings shown on the
 * map. The index has no showOnMap field: the visitor position (coarseLat) is
 * indexed exactly when the listing has a position and its owner shows it on
 * the map (searchDocument.ts), so for signed-in users that is the test.
 */
export const meiliMapBody = (audience: SearchAudience, c: MapCriteria, limit: number) => {
  const full = audience === 'full';
  return {
    ...(c.q && c.q.trim() !== '' ? { q: c.q } : {}),
    filter: [
      ...meiliFilter(audience, { ...c, sort: 'newest', page: 1, limit: 1 }),
      ...(full ? ['coarseLat EXISTS'] : []),
    ],
    // page/hitsPerPage: the total is exact. No sort: order does not matter on a map, and sorting costs.
    page: 1,
    hitsPerPage: limit,
    attributesToRetrieve: full
      ? ['id', 'lat', 'lng', 'propertyType', 'rent']
      : ['id', 'coarseLat', 'coarseLng', 'propertyType'],
    matchingStrategy: 'all' as const,
    ...(full ? {} : { attributesToSearchOn: ['title', 'description', 'city'] }),
  };
};

/**
 * Every match in the viewport as a point when there are at most `limit`;
 * otherwise only the total (and no points). Visitors get the visitor position
 * and no rent: both come from what the index returns for their fields only.
 */
export const mapPointsInMeili = async (
  meili: Meilisearch,
  audience: SearchAudience,
  c: MapCriteria,
  limit: number,
  options: { index?: string; signal?: AbortSignal } = {},
): Promise<{ total: number; points: MapPoint[] | undefined }> => {
  if (c.cities?.length === 0 || c.areas?.length === 0) return { total: 0, points: [] };
  const { q, ...body } = meiliMapBody(audience, c, limit);
  const result = await meili
    .index<Hit>(options.index ?? LISTINGS_INDEX)
    .search(q ?? null, body, options.signal ? { signal: options.signal } : undefined);
  const total = result.totalHits ?? 0;
  if (total > limit) return { total, points: undefined };
  const full = audience === 'full';
  const points = result.hits.flatMap((h): MapPoint[] => {
    const lat = full ? h.lat : h.coarseLat;
    const lng = full ? h.lng : h.coarseLng;
    if (lat === undefined || lng === undefined) return [];
    return [
      {
        id: h.id,
        lat: roundDegrees(lat),
        lng: roundDegrees(lng),
        type: h.propertyType,
        ...(full && h.rent !== undefined ? { rent: h.rent } : {}),
      },
    ];
  });
  return { total, points };
};
