import type { LocalityMatcher } from '@rentals/projections/queries/localityMatcher';

/**
 * Typed city and area → the spellings stored in the listings (the locality
 * matcher: case, typos, old names); an empty list means "no such place".
 */
export const resolvePlaces = <P extends { city?: string; area?: string }>(
  matcher: LocalityMatcher,
  p: P,
): P & { cities?: string[]; areas?: string[] } => {
  const cities = p.city === undefined ? undefined : matcher.resolveCities(p.city);
  const areas = p.area === undefined ? undefined : matcher.resolveAreas(p.area, cities);
  return { ...p, cities, areas };
};
