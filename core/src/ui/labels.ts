/**
 * The words the cards show for a listing's type and its owner (the site's
 * screens and the pre-rendered public pages alike): 'Flat', 'Broker', the
 * avatar's initial. The English here is the source of the `terms.type.*` and
 * `terms.lister.*` messages (core/src/i18n/terms.ts), which screens show in the
 * page's language.
 */
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

export const initial = (name: string | undefined): string =>
  (name?.trim().charAt(0) ?? '').toUpperCase() || '?';

/** The property types in English: the `terms.type.*` messages' source. */
export const TYPE_LABELS = { PG: 'PG', house: 'House', flat: 'Flat' } as const;

export const typeLabel = (type: string): string =>
  Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type as keyof typeof TYPE_LABELS] : type;
