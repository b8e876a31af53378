import type { ListingEvent, PhotoFailure, ReceivedPhoto } from './events.ts';
import { withFacilityFlags } from './facilityTerms.ts';
import type { ListingFields, ListingImage, ListingOwner } from './listing.ts';

/**
 * Hidden by reports until an admin reviews them: `listedBefore` says whether
 * the review's end lists it again (it was listed when hidden, and its owner
 * did not delist it meanwhile).
 */
export type HiddenForReview = { reason: string; since: string; listedBefore: boolean };

/**
 * A received photo not (yet) in `images`: waiting to be processed, or failed
 * (then kept, with its reason, until the owner's next upload).
 */
export type PendingPhoto = ReceivedPhoto & { failed: PhotoFailure | null };

/**
 * The listing as the aggregate knows it after folding its events; its
 * furnished, parking and petFriendly flags are derived from its terms.
 */
export type Listing = ListingFields & {
  id: string;
  ownerId: string;
  owner: ListingOwner;
  images: ListingImage[];
  isAvailable: boolean;
  isVerified: boolean;
  createdAt: string;
  updatedAt: string;
  /**
   * The last time the owner confirmed the listing (create, edit, relist or
   * 'Still available'); derived from the events' times, so old logs need no
   * migration.
   */
  lastConfirmedAt: string;
  /** Unconfirmed for 30 days (then isAvailable is false too) until renewed by a relist. */
  isExpired: boolean;
  /** The confirmation (its lastConfirmedAt) the owner was last reminded about, if any. */
  expiryRemindedFor: string | null;
  /** Hidden pending review (then isAvailable is false too); null when not. */
  hiddenForReview: HiddenForReview | null;
  /** Received photos not in `images`; never part of the document (see `toPropertyDocument`). */
  pendingPhotos: PendingPhoto[];
  /**
   * The let recorded since the listing was last listed (issue 44), null when
   * none: the owner's screen says 'Let', and a second let before a relist is
   * refused. Absent on states folded before lets existed (read as null).
   */
  currentLet?: CurrentLet | null;
};

/** What a let agreed, as the listing keeps it until it is relisted. */
export type CurrentLet = {
  letId: string;
  at: string;
  rent: number;
  deposit: number;
  moveIn: string;
  tenantId: string | null;
};

export type ListingState =
  | { status: 'absent' }
  | { status: 'active'; listing: Listing }
  | { status: 'deleted'; listing: Listing };

export const initialState: ListingState = { status: 'absent' };

const update = (
  state: ListingState,
  at: string,
  change: (l: Listing) => Partial<Listing>,
): ListingState =>
  state.status === 'active'
    ? { status: 'active', listing: { ...state.listing, ...change(state.listing), updatedAt: at } }
    : state;

/** An owner's edit: it confirms the listing too. */
const edit = (state: ListingState, at: string, change: (l: Listing) => Partial<Listing>) =>
  update(state, at, (l) => ({ ...change(l), lastConfirmedAt: at }));

/** Changes nothing a tenant sees, so updatedAt stays. */
const note = (state: ListingState, change: Partial<Listing>): ListingState =>
  state.status === 'active'
    ? { status: 'active', listing: { ...state.listing, ...change } }
    : state;

/** Folds one event into the state. Pure; unknown shapes never reach here (the store is typed). */
export const evolve = (state: ListingState, event: ListingEvent): ListingState => {
  switch (event.type) {
    case 'ListingCreated': {
      const { listingId, at: _at, ...rest } = event.data;
      return {
        status: 'active',
        listing: {
          ...rest,
          facilities: withFacilityFlags(rest.facilities, rest.tenancy),
          id: listingId,
          updatedAt: event.data.createdAt,
          lastConfirmedAt: event.data.createdAt,
          isExpired: false,
          expiryRemindedFor: null,
          hiddenForReview: null,
          pendingPhotos: [],
        },
      };
    }
    case 'ListingDetailsRevised': {
      const { listingId: _id, at, facilities, ...changes } = event.data;
      return edit(state, at, (l) => ({
        ...changes,
        facilities: withFacilityFlags(
          { ...l.facilities, ...facilities },
          changes.tenancy ?? l.tenancy,
        ),
      }));
    }
    case 'ListingRentChanged':
      return edit(state, event.data.at, () => ({
        rent: event.data.rent,
        rentType: event.data.rentType,
      }));
    case 'ListingLocationChanged':
      return edit(state, event.data.at, () => ({ location: event.data.location }));
    case 'ListingImagesAdded': {
      // A processed photo keeps its received id: it leaves the pending list as it joins the images.
      const added = new Set(event.data.images.map((i) => i.id));
      return edit(state, event.data.at, (l) => ({
        images: [...l.images, ...event.data.images],
        pendingPhotos: l.pendingPhotos.filter((p) => !added.has(p.id)),
      }));
    }
    // Neither changes the document (updatedAt included): the read models do not handle them.
    case 'ListingPhotosReceived':
      return note(state, {
        pendingPhotos: [
          ...(state.status === 'active' ? state.listing.pendingPhotos : []).filter(
            (p) => p.failed === null,
          ),
          ...event.data.photos.map((p) => ({ ...p, failed: null })),
        ],
      });
    case 'ListingPhotosFailed': {
      const reasons = new Map(event.data.photos.map((p) => [p.id, p.reason]));
      return note(state, {
        pendingPhotos: (state.status === 'active' ? state.listing.pendingPhotos : []).map((p) => ({
          ...p,
          failed: reasons.get(p.id) ?? p.failed,
        })),
      });
    }
    case 'ListingImageRemoved':
      return edit(state, event.data.at, (l) => ({
        images: l.images.filter((i) => i.id !== event.data.imageId),
      }));
    case 'ListingImagesReordered':
      return edit(state, event.data.at, (l) => ({
        images: event.data.imageIds.flatMap((id) => l.images.filter((i) => i.id === id)),
      }));
    case 'ListingImageCaptioned':
      return edit(state, event.data.at, (l) => ({
        images: l.images.map((i) =>
          i.id === event.data.imageId ? { ...i, caption: event.data.caption } : i,
        ),
      }));
    case 'ListingDelisted':
      // Delisted while hidden: it stays delisted when the review ends.
      return update(state, event.data.at, (l) => ({
        isAvailable: false,
        hiddenForReview: l.hiddenForReview && { ...l.hiddenForReview, listedBefore: false },
      }));
    case 'ListingRelisted':
      return update(state, event.data.at, () => ({
        isAvailable: true,
        isExpired: false,
        lastConfirmedAt: event.data.at,
        currentLet: null,
      }));
    case 'ListingLet': {
      // The ListingDelisted recorded before it took the home off the market; this keeps what was agreed.
      const { letId, at, rent, deposit, moveIn, tenantId } = event.data;
      return update(state, at, () => ({
        currentLet: { letId, at, rent, deposit, moveIn, tenantId: tenantId ?? null },
      }));
    }
    case 'ListingAvailabilityConfirmed':
      return note(state, { lastConfirmedAt: event.data.at });
    case 'ListingExpiryReminded':
      return note(state, { expiryRemindedFor: event.data.lastConfirmedAt });
    case 'ListingExpired':
      return update(state, event.data.at, () => ({ isAvailable: false, isExpired: true }));
    case 'ListingHiddenForReview':
      return update(state, event.data.at, (l) => ({
        isAvailable: false,
        hiddenForReview: {
          reason: event.data.reason,
          since: event.data.at,
          listedBefore: l.isAvailable,
        },
      }));
    case 'ListingReviewCleared':
      return update(state, event.data.at, () => ({
        isAvailable: event.data.isAvailable,
        hiddenForReview: null,
      }));
    case 'ListingVerified':
      return update(state, event.data.at, () => ({ isVerified: true }));
    case 'ListingVerificationRevoked':
      return update(state, event.data.at, () => ({ isVerified: false }));
    case 'ListingOwnerRoleChanged':
      return update(state, event.data.at, (l) => ({
        owner: { ...l.owner, role: event.data.role },
      }));
    case 'ListingDeleted':
      return state.status === 'active' ? { status: 'deleted', listing: state.listing } : state;
  }
};

export const fold = (
  events: readonly ListingEvent[],
  from: ListingState = initialState,
): ListingState => events.reduce(evolve, from);

/**
 * What another domain's command knows of a listing (a heart, a report): it
 * is there, with its owner, or it is not (never created, or deleted).
 */
export type ListingPresence = { status: 'present'; ownerId: string } | { status: 'absent' };

export const presenceOf = (state: ListingState): ListingPresence =>
  state.status === 'active'
    ? { status: 'present', ownerId: state.listing.ownerId }
    : { status: 'absent' };
