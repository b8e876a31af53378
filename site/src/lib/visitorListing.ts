import type { CardText, VisitorCardListing } from '@rentals/core/ui/VisitorCard.tsx';
import { format } from './i18nFormat.ts';
import type { PublicProperty } from './types.ts';

/** The visitor card's words in the page's language (the page lists `card` and `terms`). */
export const cardText: CardText = (id, values) => format(id, values);

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
