import type { SearchAudience } from '@rentals/projections/queries/criteria';
import type { LocalityMatcher } from '@rentals/projections/queries/localityMatcher';

/**
 * Typed city, area and free text → the spellings stored in the listings (the
 * locality matcher: case, typos, short forms, spacing, old names, other names
 * of a locality, PIN codes); an empty list means "no such place". For
 * signed-in users a PIN code in the free text becomes a place filter and
 * leaves the text; visitors cannot filter by area, so their text stays as typed.
 */
export const resolvePlaces = <P extends { city?: string; area?: string; q?: string }>(
  matcher: LocalityMatcher,
  p: P,
  audience: SearchAudience,
): P & { cities?: string[]; areas?: string[] } => {
  const resolved = matcher.resolvePlaces(p, { pinsInText: audience === 'full' });
  return { ...p, cities: resolved.cities, areas: resolved.areas, q: resolved.q };
};
