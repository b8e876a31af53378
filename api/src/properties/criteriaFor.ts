import type { LocalityMatcher } from '@rentals/projections/queries/localityMatcher';

/**
 * Typed city, area and free text → the spellings stored in the listings (the
 * locality matcher: case, typos, short forms, spacing, old names, other names
 * of a locality, PIN codes); an empty list means "no such place". A PIN code
 * in the free text becomes a place filter and leaves the text.
 */
export const resolvePlaces = <P extends { city?: string; area?: string; q?: string }>(
  matcher: LocalityMatcher,
  p: P,
): P & { cities?: string[]; areas?: string[] } => {
  const { cities, areas, q } = matcher.resolvePlaces(p);
  return { ...p, cities, areas, q };
};
