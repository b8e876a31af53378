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

/** GET /api/admin/overview: the console's counts and its latest decisions. */
export const OverviewResponse = Type.Object({
  counts: Type.Object({
    reportedListings: Type.Integer({
      description: 'Listings with open reports (the review queue)',
    }),
    openReports: Type.Integer({ description: 'Reports open on them' }),
    hiddenAwaitingDecision: Type.Integer({
      description: "Listings hidden by 'Fake or scam' reports until an admin decides",
    }),
    awaitingVerification: Type.Integer({ description: 'Listed listings not verified' }),
    muchBelowSimilar: Type.Integer({
      description: 'Listed, unverified listings much below similar homes (GET /admin/too-cheap)',
    }),
    duplicatePairs: Type.Integer({
      description: 'Recycled photos and duplicate listings found and not yet decided',
    }),
  }),
  recentDecisions: Type.Array(
    Type.Object({
      listingId: Type.String(),
      title: Type.Union([Type.String(), Type.Null()]),
      adminName: Type.String(),
      text: Type.String({ description: 'The decision in words, e.g. "Verified by an admin"' }),
      at: Type.String(),
    }),
  ),
});

export const AdminListingsResponse = Type.Object({
  listings: Type.Array(AdminListingSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const VerifyManyResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      ok: Type.Boolean(),
      isVerified: Type.Optional(Type.Boolean()),
      status: Type.Optional(
        Type.Integer({ description: 'The HTTP status one request would have had' }),
      ),
      message: Type.Optional(Type.String()),
    }),
  ),
});
