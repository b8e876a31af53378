import type { Facility } from '../../lib/types.ts';
import type { IconName } from '@rentals/core/ui/icons';

export const FACILITY_LABELS: Record<Facility, string> = {
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
};

/** The facilities a card shows as icons (SPEC §2: wifi, parking, ac). */
export const FACILITY_ICONS = {
  wifi: 'wifi',
  parking: 'parking',
  ac: 'snowflake',
} as const satisfies Partial<Record<Facility, IconName>>;
