import { POPULAR_LOCALITIES } from './popularLocalities.ts';

/**
 * One locality under all the names people use for it (official and popular),
 * with its PIN code. The listings search treats any of the names as all of
 * them, and a PIN typed for a place as its localities.
 */
export type LocalityNames = { city: string; names: readonly string[]; pinCode?: string };

/** The popular localities (popularLocalities.json), each with its aliases. */
export const LOCALITY_NAME_GROUPS: readonly LocalityNames[] = POPULAR_LOCALITIES.map((l) => ({
  city: l.city,
  names: [l.name, ...l.aliases],
  pinCode: l.pinCode,
}));
