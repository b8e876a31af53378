import type { ListingState } from './state.ts';
import type { PropertyDocument } from '../contract/property.ts';
import type { ListingImage } from './listing.ts';

/**
 * An image as the document carries it: what the site shows, not the
 * perceptual hashes the photo worker recorded (those serve the duplicates
 * read model only). The listing read model appends added images through this
 * too, so a live model and a replay of the log agree (npm run verify).
 */
export const documentImage = (i: ListingImage) => ({
  id: i.id,
  url: i.url,
  caption: i.caption,
  width: i.width,
  height: i.height,
  placeholder: i.placeholder,
  variants: i.variants.map((v) => ({ ...v })),
});

/**
 * Builds the spec's property document from a listing's state. Pure, so the
 * read side builds its read model with the same function the write responses
 * use. `coordinates` is left out (not null) when the owner set none, as the
 * spec calls it optional. Views are counters outside the event log.
 */
export const toPropertyDocument = (state: ListingState, views = 0): PropertyDocument | null => {
  if (state.status !== 'active') return null;
  const l = state.listing;
  const { coordinates, ...place } = l.location;
  return {
    _id: l.id,
    title: l.title,
    description: l.description,
    propertyType: l.propertyType,
    rent: l.rent,
    rentType: l.rentType,
    location: coordinates ? { ...place, coordinates: { ...coordinates } } : place,
    facilities: { ...l.facilities },
    propertyDetails: { ...l.propertyDetails },
    contactInfo: { ...l.contactInfo },
    showOnMap: l.showOnMap,
    // Left out when the owner gave none (older listings): every term reads 'not specified'.
    ...(l.tenancy ? { tenancy: { ...l.tenancy } } : {}),
    images: l.images.map(documentImage),
    owner: { ...l.owner },
    ownerId: l.ownerId,
    isAvailable: l.isAvailable,
    isVerified: l.isVerified,
    views,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    lastConfirmedAt: l.lastConfirmedAt,
    isExpired: l.isExpired,
    ...(l.hiddenForReview
      ? { hiddenForReview: { reason: l.hiddenForReview.reason, since: l.hiddenForReview.since } }
      : {}),
    ...(l.currentLet ? { let: { at: l.currentLet.at } } : {}),
  };
};
