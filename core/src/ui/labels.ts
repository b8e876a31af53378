/**
 * The words the cards show for a listing's type and its owner (the site's
 * screens and the pre-rendered public pages alike): 'Flat', 'Broker', the
 * avatar's initial.
 */
/**
 * Who lists a listing, as every screen names them (cards, map popups, the
 * detail page, the public pages): 'Broker' for a broker, 'Owner' for anyone
 * else who lists (a homeowner; an admin listing a home is its owner too).
 * The one place that word is chosen (issue 41).
 */
export const listerLabel = (role: string): 'Owner' | 'Broker' =>
  role === 'broker' ? 'Broker' : 'Owner';

export const initial = (name: string | undefined): string =>
  (name?.trim().charAt(0) ?? '').toUpperCase() || '?';

const typeLabels: Record<string, string> = { PG: 'PG', house: 'House', flat: 'Flat' };
export const typeLabel = (type: string): string => typeLabels[type] ?? type;
