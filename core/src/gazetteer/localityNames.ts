import { CITIES } from './cities.ts';

/**
 * One locality under all the names people use for it (official and popular,
 * old post-office names), with its PIN code. The listings search treats any
 * of the names as all of them, and a PIN typed for a place as its localities.
 */
export type LocalityNames = { city: string; names: readonly string[]; pinCode?: string };

/** The gazetteer's localities with their other names: the hand-kept ones of cities.json. */
export const LOCALITY_NAME_GROUPS: readonly LocalityNames[] = CITIES.flatMap((c) =>
  (c.localities ?? []).map((l) => ({ city: c.name, names: [l.name], pinCode: l.pin })),
);
