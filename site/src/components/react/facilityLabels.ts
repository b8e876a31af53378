import type { Facility } from '../../lib/types.ts';

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

export const FACILITY_ICONS: Partial<Record<Facility, string>> = {
  wifi: '📶',
  parking: '🅿️',
  ac: '❄️',
};
