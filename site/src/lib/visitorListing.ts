import type { VisitorCardListing } from '@rentals/core/ui/VisitorCard.tsx';
import type { PublicProperty } from './types.ts';

/** The site's API shape of a listing as the visitor card (core's shared UI) takes it. */
export const visitorListingOf = (p: PublicProperty): VisitorCardListing => ({
  id: p._id,
  title: p.title,
  propertyType: p.propertyType,
  city: p.location.city,
  owner: p.owner,
  views: p.views,
  images: p.images,
});
