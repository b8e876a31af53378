import { maxRentInText } from '@rentals/core/i18n/parseRupees';
import type { SearchAudience } from '@rentals/projections/queries/criteria';
import type { LocalityMatcher } from '@rentals/projections/queries/localityMatcher';

/**
 * The most a tenant says they will pay in the free text ('कोरमंगला 2 BHK 25
 * हज़ार तक', '2bhk indiranagar under 30k') is the rent filter when none is
 * set (an explicit maximum rent wins), and leaves the text either way: no
 * listing's words include '25 हज़ार तक'.
 */
export const withRentFromText = <P extends { q?: string; maxRent?: number }>(p: P): P => {
  const said = p.q === undefined ? null : maxRentInText(p.q);
  return said ? { ...p, q: said.rest, maxRent: p.maxRent ?? said.maxRent } : p;
};

/**
 * Typed city, area and free text → the spellings stored in the listings (the
 * locality matcher: case, typos, short forms, spacing, old names, other names
 * of a locality, native-script names, PIN codes); an empty list means "no such
 * place". For signed-in users a PIN code in the free text becomes a place
 * filter and leaves the text; visitors cannot filter by area, so their text
 * stays as typed. A rent said in the text becomes the rent filter.
 */
export const resolvePlaces = <
  P extends { city?: string; area?: string; q?: string; maxRent?: number },
>(
  matcher: LocalityMatcher,
  typed: P,
  audience: SearchAudience,
): P & { cities?: string[]; areas?: string[] } => {
  const p = withRentFromText(typed);
  const resolved = matcher.resolvePlaces(p, { pinsInText: audience === 'full' });
  return { ...p, cities: resolved.cities, areas: resolved.areas, q: resolved.q };
};
