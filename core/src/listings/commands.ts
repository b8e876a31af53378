import type { PhotoFailure, ReceivedPhoto } from './events.ts';
import type { ListingFields, ListingImage, ListingOwner, UserRole } from './listing.ts';

/** Who issues a command: the authenticated user, reduced to what the rules need. */
export type Actor = { id: string; role: UserRole };

/**
 * How an edit treats the photos the listing already has. `undefined` keeps
 * them all unchanged; a list keeps exactly those ids, in that order, with
 * those captions (a missing caption keeps the current one).
 */
export type KeptImage = { id: string; caption?: string };

export type CreateListing = {
  type: 'CreateListing';
  listingId: string;
  actor: Actor;
  owner: ListingOwner;
  /** Whether the owner's email address is verified (read by the handler): publishing needs it. */
  emailVerified: boolean;
  fields: ListingFields;
  images: ListingImage[];
  /** Photos stored as uploaded, processed after the answer (RecordProcessedPhotos). */
  receivedPhotos?: ReceivedPhoto[];
  at: string;
};

export type ReviseListing = {
  type: 'ReviseListing';
  actor: Actor;
  fields: ListingFields;
  keepImages: KeptImage[] | undefined;
  newImages: ListingImage[];
  receivedPhotos?: ReceivedPhoto[];
  at: string;
};

/**
 * The outcome of processing received photos (the photo processor, no
 * actor): renditions for some, a failure for others. Photos no longer
 * waiting (done before, or the listing gone) are passed over.
 */
export type RecordProcessedPhotos = {
  type: 'RecordProcessedPhotos';
  processed: Omit<ListingImage, 'caption'>[];
  failed: { id: string; reason: PhotoFailure }[];
  at: string;
};

export type DelistListing = { type: 'DelistListing'; actor: Actor; at: string };
/** `emailVerified`: the owner's email address is verified (read by the handler); listing again needs it. */
export type RelistListing = {
  type: 'RelistListing';
  actor: Actor;
  emailVerified: boolean;
  at: string;
};
export type DeleteListing = { type: 'DeleteListing'; actor: Actor; at: string };
export type SetVerification = {
  type: 'SetVerification';
  actor: Actor;
  isVerified: boolean;
  at: string;
};

/**
 * The owner's 'Still available' (also the one-click confirm link of the
 * reminder email, and 'Renew' of an expired listing).
 */
export type ConfirmAvailability = { type: 'ConfirmAvailability'; actor: Actor; at: string };
/** The expiry scheduler's commands: no actor, `at` is the sweep's now. */
export type RemindExpiry = { type: 'RemindExpiry'; at: string };
export type ExpireListing = { type: 'ExpireListing'; at: string };

/**
 * Consequences of the reports' review (api/src/reports): the third open
 * 'Fake or scam' report hides the listing; a review decision ends that,
 * listing it again (`relist`: dismissed, fix asked for) or not (delisted,
 * owner suspended).
 */
export type HideForReview = { type: 'HideForReview'; reason: string; at: string };
export type ClearReview = { type: 'ClearReview'; adminId: string; relist: boolean; at: string };

/**
 * The lister's account changed role (issue 41): only to 'broker' by the
 * account itself (its answer to 'Are you the owner or a broker?'); back to
 * 'homeowner' only by an admin.
 */
export type ChangeOwnerRole = {
  type: 'ChangeOwnerRole';
  actor: Actor;
  role: 'homeowner' | 'broker';
  at: string;
};

/**
 * The owner (or an admin) records the home let (issue 44): to the tenant of
 * one of the listing's conversations (the service found it and checked it is
 * about this listing), or to someone outside (`to` null). Rent and deposit in
 * whole rupees; `moveIn` a calendar day (YYYY-MM-DD).
 */
export type MarkListingLet = {
  type: 'MarkListingLet';
  actor: Actor;
  letId: string;
  to: { tenantId: string; conversationId: string } | null;
  rent: number;
  deposit: number;
  moveIn: string;
  at: string;
};

export type ListingCommand =
  | CreateListing
  | ReviseListing
  | DelistListing
  | RelistListing
  | DeleteListing
  | SetVerification
  | ConfirmAvailability
  | RemindExpiry
  | ExpireListing
  | HideForReview
  | ClearReview
  | ChangeOwnerRole
  | RecordProcessedPhotos
  | MarkListingLet;
