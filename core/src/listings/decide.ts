import { valued } from '../i18n/valued.ts';
import { assertEmailVerified } from '../accounts/emailVerification.ts';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import type {
  Actor,
  CreateListing,
  KeptImage,
  ListingCommand,
  RecordProcessedPhotos,
  ReviseListing,
} from './commands.ts';
import type { ListingDetailsRevised, ListingEvent, ReceivedPhoto } from './events.ts';
import { assertListingFields } from './fields.ts';
import { ownFacilities, recordedFields } from './facilityTerms.ts';
import { availableFromErrors } from './tenancy.ts';
import { MAX_IMAGES, type ListingImage } from './listing.ts';
import type { Listing, ListingState } from './state.ts';
import { expiresAt, remindAt } from './expiry.ts';
import { isAtOrAfter } from '../isoTime.ts';
import { markLet } from './let.ts';

export const messages = {
  notFound: 'Property not found',
  cannotCreate: 'Only homeowners and brokers can list properties',
  notOwner: 'You can only change your own properties',
  alreadyExists: 'This property already exists',
  alreadyListed: 'This property is already listed',
  alreadyDelisted: 'This property is already delisted',
  adminOnly: 'Only an admin can verify properties',
  ownerRoleByAdmin: 'Only our team can list your properties as an owner again',
  tooManyImages: valued<[canAdd: number]>(
    ['canAdd'],
    `Maximum ${MAX_IMAGES} images allowed. You can add {canAdd} more images.`,
  ),
  unknownImage: valued<[id: string]>(['id'], 'Image {id} does not belong to this property'),
  confirmDelisted: 'This property is delisted: relist it to show it again',
  notListed: 'Only listed properties expire',
  alreadyExpired: 'This property has already expired',
  confirmedRecently: 'This property was confirmed within the last 30 days',
  reminderNotDue: 'This property was confirmed within the last 25 days',
  alreadyReminded: 'The owner was already reminded since the last confirmation',
  hiddenForReview:
    'This property is hidden pending review: several people reported it, and our team is looking at it. ' +
    'You can edit it meanwhile; it is listed again if the reports are dismissed.',
} as const;

const OWNER_ROLES: readonly string[] = ['homeowner', 'broker'];

/** The live listing the actor may change: 404 when absent or deleted, 403 when someone else's. */
export const assertCanChange = (state: ListingState, actor: Actor): Listing => {
  if (state.status !== 'active') throw new NotFoundError(messages.notFound);
  if (state.listing.ownerId !== actor.id && actor.role !== 'admin')
    throw new ForbiddenError(messages.notOwner);
  return state.listing;
};

/** Checked before photos are processed too (the route calls it), so a rejected batch costs nothing. */
export const assertImageRoom = (keptCount: number, newCount: number) => {
  if (keptCount + newCount > MAX_IMAGES)
    throw new ValidationError([
      { path: 'images', msg: messages.tooManyImages(Math.max(0, MAX_IMAGES - keptCount)) },
    ]);
};

/** Received photos still waiting take their places among the ten (failed ones do not). */
export const waitingPhotoCount = (listing: Pick<Listing, 'pendingPhotos'>) =>
  listing.pendingPhotos.filter((p) => p.failed === null).length;

const received = (listingId: string, at: string, photos: ReceivedPhoto[] | undefined) =>
  photos && photos.length > 0
    ? [{ type: 'ListingPhotosReceived' as const, data: { listingId, at, photos } }]
    : [];

/** A move-in date is bounded when it is set (a year after `at`); an unchanged one is never refused later. */
const assertMoveInDate = (tenancy: Listing['tenancy'], current: Listing['tenancy'], at: string) => {
  if (tenancy?.availableFrom === undefined || tenancy.availableFrom === current?.availableFrom)
    return;
  const errors = availableFromErrors(tenancy, at);
  if (errors.length > 0) throw new ValidationError(errors);
};

const create = (command: CreateListing, state: ListingState): ListingEvent[] => {
  if (!OWNER_ROLES.includes(command.actor.role)) throw new ForbiddenError(messages.cannotCreate);
  if (state.status !== 'absent') throw new IllegalStateError(messages.alreadyExists);
  assertEmailVerified(command.emailVerified);
  assertListingFields(command.fields);
  assertMoveInDate(command.fields.tenancy, undefined, command.at);
  assertImageRoom(0, command.images.length + (command.receivedPhotos?.length ?? 0));
  return [
    {
      type: 'ListingCreated',
      data: {
        listingId: command.listingId,
        at: command.at,
        // The three flags the tenancy terms cover are recorded as terms only (facilityTerms.ts).
        ...recordedFields(command.fields),
        ownerId: command.actor.id,
        owner: command.owner,
        images: command.images,
        isAvailable: true,
        isVerified: false,
        createdAt: command.at,
      },
    },
    ...received(command.listingId, command.at, command.receivedPhotos),
  ];
};

/** Deep equality that ignores key order (state folded from jsonb comes back with its keys reordered). */
const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
};

const detailChanges = (
  listing: Listing,
  command: ReviseListing,
): ListingDetailsRevised['data'] | null => {
  // The terms after the flags (an edit that gives no terms keeps the listing's); never the three flags.
  const fields = recordedFields(command.fields, listing.tenancy);
  const recorded = { ...listing, facilities: ownFacilities(listing.facilities) };
  const changes: ListingDetailsRevised['data'] = { listingId: listing.id, at: command.at };
  const keys = [
    'title',
    'description',
    'propertyType',
    'facilities',
    'propertyDetails',
    'contactInfo',
    'showOnMap',
    'tenancy',
  ] as const;
  let changed = false;
  for (const key of keys) {
    // Terms left out of an edit stay as they are (an edit from before they existed); `{}` clears them.
    if (key === 'tenancy' && fields.tenancy === undefined) continue;
    // No terms and none given are the same (the form sends `{}` for a listing made before them).
    const current = key === 'tenancy' ? (listing.tenancy ?? {}) : recorded[key];
    if (!same(current, fields[key])) {
      Object.assign(changes, { [key]: fields[key] });
      changed = true;
    }
  }
  return changed ? changes : null;
};

const imageEvents = (listing: Listing, command: ReviseListing): ListingEvent[] => {
  const base = { listingId: listing.id, at: command.at };
  const kept: KeptImage[] = command.keepImages ?? listing.images.map((i) => ({ id: i.id }));
  const byId = new Map(listing.images.map((i) => [i.id, i]));
  const unknown = kept.filter((k) => !byId.has(k.id));
  if (unknown.length > 0)
    throw new ValidationError(
      unknown.map((k) => ({ path: 'keepImages', msg: messages.unknownImage(k.id) })),
    );
  const keptIds = [...new Set(kept.map((k) => k.id))];
  assertImageRoom(
    keptIds.length + waitingPhotoCount(listing),
    command.newImages.length + (command.receivedPhotos?.length ?? 0),
  );

  const events: ListingEvent[] = [];
  for (const image of listing.images)
    if (!keptIds.includes(image.id))
      events.push({ type: 'ListingImageRemoved', data: { ...base, imageId: image.id } });
  const remainingOrder = listing.images.map((i) => i.id).filter((id) => keptIds.includes(id));
  if (!same(remainingOrder, keptIds))
    events.push({ type: 'ListingImagesReordered', data: { ...base, imageIds: keptIds } });
  for (const k of kept) {
    const current = byId.get(k.id) as ListingImage;
    if (k.caption !== undefined && k.caption !== current.caption)
      events.push({
        type: 'ListingImageCaptioned',
        data: { ...base, imageId: k.id, caption: k.caption },
      });
  }
  if (command.newImages.length > 0)
    events.push({ type: 'ListingImagesAdded', data: { ...base, images: command.newImages } });
  events.push(...received(listing.id, command.at, command.receivedPhotos));
  return events;
};

/**
 * What an admin checks when verifying: that the home is the one described
 * and shown. Changing its title, type, rooms and size, its place or its
 * photos (added or removed) makes that check stale; rent, facilities,
 * contact preferences, map visibility, description wording, photo order and
 * captions do not. An admin's own edit keeps the verification (it is one).
 */
const MATERIAL_EVENTS: readonly ListingEvent['type'][] = [
  'ListingLocationChanged',
  'ListingImagesAdded',
  'ListingPhotosReceived',
  'ListingImageRemoved',
];
const MATERIAL_DETAILS = ['title', 'propertyType', 'propertyDetails'] as const;

const isMaterial = (event: ListingEvent) =>
  MATERIAL_EVENTS.includes(event.type) ||
  (event.type === 'ListingDetailsRevised' &&
    MATERIAL_DETAILS.some((key) => Object.hasOwn(event.data, key)));

const revise = (command: ReviseListing, state: ListingState): ListingEvent[] => {
  const listing = assertCanChange(state, command.actor);
  assertListingFields(command.fields);
  assertMoveInDate(command.fields.tenancy, listing.tenancy, command.at);
  const { fields } = command;
  const base = { listingId: listing.id, at: command.at };
  const events: ListingEvent[] = [];
  const details = detailChanges(listing, command);
  if (details) events.push({ type: 'ListingDetailsRevised', data: details });
  if (fields.rent !== listing.rent || fields.rentType !== listing.rentType)
    events.push({
      type: 'ListingRentChanged',
      data: {
        ...base,
        rent: fields.rent,
        rentType: fields.rentType,
        previousRent: listing.rent,
        previousRentType: listing.rentType,
      },
    });
  if (!same(fields.location, listing.location))
    events.push({
      type: 'ListingLocationChanged',
      data: { ...base, location: fields.location, previousCity: listing.location.city },
    });
  events.push(...imageEvents(listing, command));
  if (listing.isVerified && command.actor.role !== 'admin' && events.some(isMaterial))
    events.push({ type: 'ListingVerificationRevoked', data: base });
  return events;
};

/**
 * Processed photos join the images in the order they were received, with the
 * caption given on upload; failures are recorded beside them. Only photos
 * still waiting count: a second outcome for one photo (a processor that
 * crashed after its append and ran again) records nothing.
 */
const recordProcessed = (command: RecordProcessedPhotos, state: ListingState): ListingEvent[] => {
  if (state.status !== 'active') return [];
  const { listing } = state;
  const base = { listingId: listing.id, at: command.at };
  const waiting = listing.pendingPhotos.filter((p) => p.failed === null);
  const done = new Map(command.processed.map((p) => [p.id, p]));
  const failed = new Map(command.failed.map((f) => [f.id, f.reason]));
  const images = waiting.flatMap((p) => {
    const image = done.get(p.id);
    return image ? [{ ...image, caption: p.caption }] : [];
  });
  const failures = waiting.flatMap((p) => {
    const reason = done.has(p.id) ? undefined : failed.get(p.id);
    return reason ? [{ id: p.id, reason }] : [];
  });
  const events: ListingEvent[] = [];
  if (images.length > 0) events.push({ type: 'ListingImagesAdded', data: { ...base, images } });
  if (failures.length > 0)
    events.push({ type: 'ListingPhotosFailed', data: { ...base, photos: failures } });
  return events;
};

/** Only the review lists a hidden listing again (editing stays allowed, so that the owner can fix it). */
const assertNotHidden = (listing: Listing) => {
  if (listing.hiddenForReview) throw new IllegalStateError(messages.hiddenForReview);
};

/** Reports hid it: nothing to do for a listing that is gone or already hidden (the report still counts). */
const hide = (state: ListingState, reason: string, at: string): ListingEvent[] => {
  if (state.status !== 'active' || state.listing.hiddenForReview) return [];
  const { listing } = state;
  return [
    {
      type: 'ListingHiddenForReview',
      data: { listingId: listing.id, at, city: listing.location.city, reason },
    },
  ];
};

/** A review decision ends the hiding; a listing that is not hidden has nothing to clear. */
const clearReview = (state: ListingState, adminId: string, relist: boolean, at: string) => {
  const hidden = state.status === 'active' ? state.listing.hiddenForReview : null;
  if (state.status !== 'active' || !hidden) return [];
  const { listing } = state;
  const event: ListingEvent = {
    type: 'ListingReviewCleared',
    data: {
      listingId: listing.id,
      at,
      city: listing.location.city,
      adminId,
      isAvailable: relist && hidden.listedBefore,
    },
  };
  return [event];
};

/** A relist of a home let since it was last listed says so: alerts do not announce it as new. */
const relisted = (listing: Listing, at: string): ListingEvent => ({
  type: 'ListingRelisted',
  data: {
    listingId: listing.id,
    at,
    city: listing.location.city,
    ...(listing.currentLet ? { afterLet: true } : {}),
  },
});

/**
 * 'Still available': confirms a listed listing; on an expired one it is the
 * one-click 'Renew' (a relist, which confirms too). A listing its owner
 * delisted stays delisted: confirming is not relisting.
 */
const confirm = (listing: Listing, at: string): ListingEvent[] => {
  assertNotHidden(listing);
  if (listing.isExpired) return [relisted(listing, at)];
  if (!listing.isAvailable) throw new IllegalStateError(messages.confirmDelisted);
  return [{ type: 'ListingAvailabilityConfirmed', data: { listingId: listing.id, at } }];
};

/** The scheduler's target: a live listing that is listed and not yet expired. */
const listedListing = (state: ListingState): Listing => {
  if (state.status !== 'active') throw new NotFoundError(messages.notFound);
  if (state.listing.isExpired) throw new IllegalStateError(messages.alreadyExpired);
  if (!state.listing.isAvailable) throw new IllegalStateError(messages.notListed);
  return state.listing;
};

/**
 * Refusals make the scheduler safe to run twice: a second sweep (or a
 * concurrent one, retried on fresh state) finds nothing left to do.
 */
const remind = (state: ListingState, at: string): ListingEvent[] => {
  const listing = listedListing(state);
  const { lastConfirmedAt } = listing;
  if (!isAtOrAfter(at, remindAt(lastConfirmedAt)))
    throw new IllegalStateError(messages.reminderNotDue);
  if (listing.expiryRemindedFor === lastConfirmedAt)
    throw new IllegalStateError(messages.alreadyReminded);
  return [
    {
      type: 'ListingExpiryReminded',
      data: {
        listingId: listing.id,
        at,
        lastConfirmedAt,
        expiresAt: expiresAt(lastConfirmedAt),
        ownerId: listing.ownerId,
      },
    },
  ];
};

const expire = (state: ListingState, at: string): ListingEvent[] => {
  const listing = listedListing(state);
  if (!isAtOrAfter(at, expiresAt(listing.lastConfirmedAt)))
    throw new IllegalStateError(messages.confirmedRecently);
  return [
    {
      type: 'ListingExpired',
      data: {
        listingId: listing.id,
        at,
        city: listing.location.city,
        lastConfirmedAt: listing.lastConfirmedAt,
      },
    },
  ];
};

/**
 * Decides which events a command produces on the current state, or throws
 * the 4xx error that explains why it may not happen. No IO: time, ids and the
 * processed photos come in with the command.
 */
/**
 * Who lists it follows the account's role. An owner may only ever say they
 * are a broker: going back to 'Owner' is an admin's decision, so a broker
 * cannot relabel their listings as an owner's.
 */
const changeOwnerRole = (
  command: Extract<ListingCommand, { type: 'ChangeOwnerRole' }>,
  state: ListingState,
): ListingEvent[] => {
  if (command.role === 'homeowner' && command.actor.role !== 'admin')
    throw new ForbiddenError(messages.ownerRoleByAdmin);
  const listing = assertCanChange(state, command.actor);
  if (listing.owner.role === command.role) return [];
  const data = { listingId: listing.id, at: command.at, city: listing.location.city };
  return [{ type: 'ListingOwnerRoleChanged', data: { ...data, role: command.role } }];
};

export const decide = (command: ListingCommand, state: ListingState): ListingEvent[] => {
  switch (command.type) {
    case 'CreateListing':
      return create(command, state);
    case 'ReviseListing':
      return revise(command, state);
    case 'DelistListing': {
      const listing = assertCanChange(state, command.actor);
      // A hidden listing that was listed can be delisted: it then stays delisted after the review.
      if (!listing.isAvailable && !listing.hiddenForReview?.listedBefore)
        throw new IllegalStateError(messages.alreadyDelisted);
      return [
        {
          type: 'ListingDelisted',
          data: { listingId: listing.id, at: command.at, city: listing.location.city },
        },
      ];
    }
    case 'RelistListing': {
      const listing = assertCanChange(state, command.actor);
      assertNotHidden(listing);
      if (listing.isAvailable) throw new IllegalStateError(messages.alreadyListed);
      assertEmailVerified(command.emailVerified);
      return [relisted(listing, command.at)];
    }
    case 'ConfirmAvailability':
      return confirm(assertCanChange(state, command.actor), command.at);
    case 'RemindExpiry':
      return remind(state, command.at);
    case 'ExpireListing':
      return expire(state, command.at);
    case 'HideForReview':
      return hide(state, command.reason, command.at);
    case 'ClearReview':
      return clearReview(state, command.adminId, command.relist, command.at);
    case 'RecordProcessedPhotos':
      return recordProcessed(command, state);
    case 'ChangeOwnerRole':
      return changeOwnerRole(command, state);
    case 'MarkListingLet':
      return markLet(assertCanChange(state, command.actor), command);
    case 'DeleteListing': {
      const listing = assertCanChange(state, command.actor);
      return [
        {
          type: 'ListingDeleted',
          data: {
            listingId: listing.id,
            at: command.at,
            city: listing.location.city,
            imageIds: listing.images.map((i) => i.id),
          },
        },
      ];
    }
    case 'SetVerification': {
      if (command.actor.role !== 'admin') throw new ForbiddenError(messages.adminOnly);
      if (state.status !== 'active') throw new NotFoundError(messages.notFound);
      const { listing } = state;
      // Setting the value it already has is a no-op, not an error: verification is an admin's checkbox.
      if (listing.isVerified === command.isVerified) return [];
      const data = { listingId: listing.id, at: command.at };
      return [
        command.isVerified
          ? { type: 'ListingVerified', data }
          : { type: 'ListingVerificationRevoked', data },
      ];
    }
  }
};
