/**
 * Shapes of the API's documents (SPEC §3, DESIGN §6), as the site reads them:
 * the API's own TypeBox schemas (core/src/contract), imported as types only,
 * so a change to a response shape fails the site's type check.
 */
import type { Static } from '@sinclair/typebox';
import type {
  OwnerContactSchema,
  PaginationSchema,
  PropertyImageSchema,
  PropertySchema,
  PublicPropertySchema,
} from '@rentals/core/contract/property';
import type { UserSchema } from '@rentals/core/contract/user';
import type { FavouriteSchema } from '@rentals/core/contract/favourite';
import type { OwnerNoticeSchema } from '@rentals/core/contract/ownerNotice';
import type { AdminListingSchema } from '@rentals/core/contract/adminListing';
import type { NotificationItemSchema } from '@rentals/core/contract/notification';
import { FACILITY_LABELS } from '@rentals/core/ui/labels';

export type User = Static<typeof UserSchema>;
export type Role = User['role'];

export type PropertyImage = Static<typeof PropertyImageSchema>;
export type Property = Static<typeof PropertySchema>;
/** Beside the property in GET /properties/{id} for signed-in users: what the owner chose to show. */
export type OwnerContact = Static<typeof OwnerContactSchema>;

export type Favourite = Static<typeof FavouriteSchema>;
/** An owner's in-app notice (GET /api/reports/notices, the live stream's `notice`). */
export type OwnerNotice = Static<typeof OwnerNoticeSchema>;
export type AdminListing = Static<typeof AdminListingSchema>;
export type NotificationItem = Static<typeof NotificationItemSchema>;
export type FavouriteFilter = 'all' | 'available' | 'unavailable';
export type PublicProperty = Static<typeof PublicPropertySchema>;
export type Pagination = Static<typeof PaginationSchema>;

export type Facility = keyof Property['facilities'];

/**
 * The facility flags in the spec's order: the keys of core's labels
 * (core/src/ui/labels.ts), which core's terms.ts holds to the listing's flags.
 */
export const FACILITIES = Object.keys(FACILITY_LABELS) as Facility[];
