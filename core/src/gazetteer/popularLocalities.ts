import TABLE from './popularLocalities.json' with { type: 'json' };
import type { NativeNames } from './cities.ts';

/**
 * The neighbourhoods tenants search on rental portals, per seed city
 * (popularLocalities.json, kept by hand): 'Koramangala', 'HSR Layout',
 * 'Andheri East' rather than the post-office names the gazetteer is built
 * from. Each sits at a PIN the post-office data knows (a unit test holds that
 * and that the PIN lies within the city's radius), so its position comes from
 * the gazetteer.
 *
 * - `city`: the gazetteer city's name (cities.json), as the seed uses it.
 * - `aliases`: other names for the same place, official versus popular
 *   ('Sector 61 Mohali' for 'Mohali Phase 7', 'Bidhannagar' for 'Salt Lake');
 *   misspellings are not aliases, the search's typo tolerance handles those.
 * - `names`: the locality in Hindi (Devanagari) and Kannada as they are written
 *   there ('अंधेरी पूर्व', 'ಕೋರಮಂಗಲ'); shown in those languages and found by search.
 * - `nativeAliases`: other names or spellings in those scripts ('हलसूरु' for
 *   Ulsoor), found by search, never shown.
 * - `rentLevel`: the locality's rent relative to the city's median (1 = median).
 */
export type PopularLocality = {
  city: string;
  name: string;
  pinCode: string;
  aliases: readonly string[];
  names: NativeNames;
  nativeAliases: readonly string[];
  rentLevel: number;
};

export const POPULAR_LOCALITIES: readonly PopularLocality[] = TABLE;
