/**
 * GET /api/admin/too-cheap: listed listings much below similar homes nearby
 * (issue 41), furthest below first, with the comparables behind the finding.
 * Response validation, OpenAPI and the site's type.
 */
import { Type, type Static } from '@sinclair/typebox';

export const TooCheapListingSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  city: Type.String(),
  area: Type.String(),
  ownerName: Type.Union([Type.String(), Type.Null()]),
  monthlyRent: Type.Number({ description: 'The rent checked, in rupees per month' }),
  median: Type.Number({ description: 'Median monthly rent of the comparable listings' }),
  sample: Type.Integer({ description: 'Comparable listings behind the median' }),
  percentBelow: Type.Integer({ description: 'How far below the median, in per cent' }),
  evidence: Type.String({
    description:
      "The fair-rent hint, e.g. 'Below the median of ₹25,000 for 8 comparable 2 BHK flats in Aundh', in the language asked for (Accept-Language)",
  }),
  checkedAt: Type.String(),
});

export type TooCheapListing = Static<typeof TooCheapListingSchema>;

export const TooCheapResponse = Type.Object({
  listings: Type.Array(TooCheapListingSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
