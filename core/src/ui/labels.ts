/**
 * The words the cards show for a listing's type and its owner (the site's
 * screens and the pre-rendered public pages alike): 'Flat', 'Broker', the
 * avatar's initial.
 */
const roleLabels: Record<string, string> = {
  homeowner: 'Homeowner',
  broker: 'Broker',
  tenant: 'Tenant',
};

export const roleLabel = (role: string): string => roleLabels[role] ?? role;

export const initial = (name: string | undefined): string =>
  (name?.trim().charAt(0) ?? '').toUpperCase() || '?';

const typeLabels: Record<string, string> = { PG: 'PG', house: 'House', flat: 'Flat' };
export const typeLabel = (type: string): string => typeLabels[type] ?? type;
