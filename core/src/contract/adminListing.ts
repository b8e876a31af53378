/** A listing as the admin console's verify list shows it (GET /api/admin/listings): response validation, OpenAPI and the site's type. */
import { Type, type Static } from '@sinclair/typebox';

export const AdminListingSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  city: Type.String(),
  area: Type.String(),
  propertyType: Type.String(),
  rent: Type.Number(),
  rentType: Type.String(),
  ownerName: Type.Union([Type.String(), Type.Null()]),
  isVerified: Type.Boolean(),
  createdAt: Type.String(),
});

export type AdminListing = Static<typeof AdminListingSchema>;
