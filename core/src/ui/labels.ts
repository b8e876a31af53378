/**
 * The words the cards show for a listing's type, its owner and its
 * facilities (the site's screens and the pre-rendered public pages alike):
 * 'Flat', 'Broker', 'WiFi', the avatar's initial. The English declared here
 * is the source of the `terms.type.*`, `terms.lister.*` and
 * `terms.facility.*` messages (core/src/i18n/terms.ts); the readers below
 * show them in the language of the `t` they are given.
 */
import type { LabelReader } from '../i18n/terms.ts';

/** The lister words by who lists: the `terms.lister.*` messages' English. */
export const LISTER_LABELS = { owner: 'Owner', broker: 'Broker' } as const;
export type Lister = keyof typeof LISTER_LABELS;

/**
 * Who lists a listing, as every screen names them (cards, map popups, the
 * detail page, the public pages): a broker, or the owner for anyone else who
 * lists (a homeowner; an admin listing a home is its owner too). The one
 * place that choice is made (issue 41).
 */
export const listerOf = (role: string): Lister => (role === 'broker' ? 'broker' : 'owner');

/** 'Broker' for a broker, 'Owner' for anyone else, in English (the API's trust facts). */
export const listerLabel = (role: string): 'Owner' | 'Broker' => LISTER_LABELS[listerOf(role)];

/** Who lists, in the language `t` reads. */
export const listerLabelIn = (t: LabelReader, role: string) => t(`terms.lister.${listerOf(role)}`);

export const initial = (name: string | undefined): string =>
  (name?.trim().charAt(0) ?? '').toUpperCase() || '?';

/** The property types in English: the `terms.type.*` messages' source. */
export const TYPE_LABELS = { PG: 'PG', house: 'House', flat: 'Flat' } as const;
type PropertyType = keyof typeof TYPE_LABELS;
const isType = (type: string): type is PropertyType => Object.hasOwn(TYPE_LABELS, type);

/** A property type in English; an unknown one as it is. */
export const typeLabel = (type: string): string => (isType(type) ? TYPE_LABELS[type] : type);

/** A property type in the language `t` reads; an unknown one as it is. */
export const propertyTypeLabel = (t: LabelReader, type: string): string =>
  isType(type) ? t(`terms.type.${type}`) : type;

/**
 * The twelve facility flags (SPEC §3, in its order) in English: the
 * `terms.facility.*` messages' source (terms.ts holds it to the listing's flags).
 */
export const FACILITY_LABELS = {
  wifi: 'WiFi',
  parking: 'Parking',
  ac: 'AC',
  kitchen: 'Kitchen',
  laundry: 'Laundry',
  security: 'Security',
  gym: 'Gym',
  pool: 'Pool',
  garden: 'Garden',
  balcony: 'Balcony',
  furnished: 'Furnished',
  petFriendly: 'Pet Friendly',
} as const;

/** A facility in the language `t` reads. */
export const facilityLabel = (t: LabelReader, facility: keyof typeof FACILITY_LABELS) =>
  t(`terms.facility.${facility}`);
