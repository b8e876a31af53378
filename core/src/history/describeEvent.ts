/**
 * Every recorded event as a sentence a person would write, for the history an
 * admin reads (the review queue, the admin console). Screens never show an
 * event's type name: a type without a sentence here fails
 * describeEvent.unit.test.ts, so a new event type must say what it means.
 */
import { formatRupees } from '../i18n/numbers.ts';
import { HIDE_FOR_REVIEW_THRESHOLD, POSSIBLY_RENTED_THRESHOLD } from '../reports/report.ts';

type Data = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const rupees = (value: unknown) =>
  typeof value === 'number' ? formatRupees(value) : 'an unknown amount';
const period = (rentType: unknown) => (rentType === 'yearly' ? 'per year' : 'per month');
/** ‘: reason’ when the event carries one. */
const because = (data: Data, key = 'reason') => (text(data[key]) ? `: ${text(data[key])}` : '');
const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

const SENTENCES: Readonly<Record<string, (data: Data) => string>> = {
  // The listing's own stream.
  ListingCreated: () => 'Listed by its owner',
  ListingDetailsRevised: () => 'Details edited by its owner',
  ListingRentChanged: (d) =>
    d.rentType === d.previousRentType
      ? `Rent changed from ${rupees(d.previousRent)} to ${rupees(d.rent)} ${period(d.rentType)}`
      : `Rent changed from ${rupees(d.previousRent)} ${period(d.previousRentType)} to ${rupees(d.rent)} ${period(d.rentType)}`,
  ListingLocationChanged: () => 'Address changed',
  ListingImagesAdded: (d) => `${photos(Array.isArray(d.images) ? d.images.length : 0)} added`,
  ListingImageRemoved: () => 'A photo removed',
  ListingImagesReordered: () => 'Photos reordered',
  ListingImageCaptioned: () => 'A photo’s caption changed',
  ListingPhotosReceived: (d) =>
    `${photos(Array.isArray(d.photos) ? d.photos.length : 0)} uploaded, to be processed`,
  ListingPhotosFailed: (d) =>
    `${photos(Array.isArray(d.photos) ? d.photos.length : 0)} could not be processed`,
  ListingDelisted: () => 'Delisted',
  ListingRelisted: () => 'Listed again',
  ListingDeleted: () => 'Deleted',
  ListingVerified: () => 'Verified by an admin',
  ListingVerificationRevoked: () => 'No longer verified',
  ListingAvailabilityConfirmed: () => 'Owner confirmed it is still available',
  ListingExpiryReminded: () => 'Owner reminded to confirm it is still available',
  ListingExpired: () => 'Expired: not confirmed for 30 days',
  ListingHiddenForReview: () => `Hidden for review after ${HIDE_FOR_REVIEW_THRESHOLD} reports`,
  ListingReviewCleared: (d) =>
    d.isAvailable === true ? 'Review ended: listed again' : 'Review ended: stays delisted',
  ListingOwnerRoleChanged: (d) =>
    d.role === 'broker' ? 'Now listed by a broker' : 'Now listed by its owner',
  // Reports and their review.
  ListingReported: (d) =>
    `Reported as ‘${text(d.reason)}’${text(d.note) ? ` (“${text(d.note)}”)` : ''}`,
  ListingMarkedPossiblyRented: () =>
    `Marked ‘Possibly rented’ after ${POSSIBLY_RENTED_THRESHOLD} reports`,
  ListingHiddenPendingReview: () =>
    `${HIDE_FOR_REVIEW_THRESHOLD} open ‘Fake or scam’ reports: waiting for an admin`,
  ListingReportsDismissed: () => 'Reports dismissed by an admin',
  // The duplicate review (core/src/trust).
  DuplicatePairDismissed: () => 'Marked not a duplicate by an admin',
  ListingReportBrigadeUndone: (d) => {
    const n = Array.isArray(d.reports) ? d.reports.length : 0;
    return `Restored by an admin, who dismissed ${n === 1 ? '1 report' : `${n} reports`} as a brigade`;
  },
  ListingFixRequested: (d) => `Owner asked to fix it${because(d)}`,
  ListingDelistedAfterReview: (d) => `Delisted by an admin${because(d)}`,
  ListingOwnerSuspended: (d) => `Owner suspended by an admin${because(d)}`,
  // Accounts.
  PasswordResetRequested: () => 'Password reset requested',
  PasswordReset: () => 'Password reset',
  EmailVerificationRequested: () => 'Email confirmation link sent',
  AccountEmailVerified: (d) =>
    d.via === 'link' ? 'Email address confirmed by its link' : 'Email address confirmed at set-up',
  AccountSuspended: (d) => `Account suspended by an admin${because(d)}`,
  ListerRoleConfirmationAsked: () => 'Asked by an admin to confirm whether an owner or a broker',
  ListerMarkedAsOwner: () => 'An admin judged it an owner',
  ListerConfirmedOwner: () => 'Confirmed being the owner',
  AccountBecameBroker: () => 'Said they are a broker: now listed as a broker',
  // Conversations, favourites, saved searches, notifications.
  ConversationStarted: () => 'A tenant started a conversation',
  MessageSent: () => 'A message was sent',
  ConversationRead: () => 'Messages read',
  ConversationArchived: () => 'Conversation archived',
  ConversationUnarchived: () => 'Conversation brought back from the archive',
  ConversationBlocked: () => 'Conversation blocked',
  ConversationUnblocked: () => 'Conversation unblocked',
  ListingFavourited: () => 'Saved to a tenant’s favourites',
  ListingUnfavourited: () => 'Removed from a tenant’s favourites',
  SavedSearchCreated: () => 'Search saved',
  SavedSearchEdited: () => 'Saved search edited',
  SavedSearchPaused: () => 'Saved search’s alerts paused',
  SavedSearchResumed: () => 'Saved search’s alerts resumed',
  SavedSearchUnsubscribed: () => 'Unsubscribed from a saved search’s emails',
  SavedSearchDeleted: () => 'Saved search deleted',
  SavedSearchSeen: () => 'Saved search’s new matches seen',
  NotificationsRead: () => 'Notifications read',
  NotificationOpened: () => 'Notification opened',
};

/** Whether `type` has its own sentence (the unit test checks every registered type). */
export const hasSentence = (type: string): boolean => Object.hasOwn(SENTENCES, type);

/** The event in words; an unknown type (never expected) still gets words, not its name. */
export const describeEvent = (event: { type: string; data: Data }): string =>
  hasSentence(event.type) ? SENTENCES[event.type]!(event.data) : 'A change was recorded';
