import type { Facility } from '../../lib/types.ts';
import type { IconName } from '@rentals/core/ui/icons';

// The facilities' words: lib/labels.ts (facilityLabel), in the page's language.

/** The facilities a card shows as icons (SPEC §2: wifi, parking, ac). */
export const FACILITY_ICONS = {
  wifi: 'wifi',
  parking: 'parking',
  ac: 'snowflake',
} as const satisfies Partial<Record<Facility, IconName>>;
