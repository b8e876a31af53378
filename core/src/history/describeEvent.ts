/**
 * Every recorded event as a sentence a person would write, for the history an
 * admin reads (the review queue, the admin console), in the reader's language
 * (the `history` namespace; the API passes the request's). Screens never show
 * an event's type name: a type without a sentence here fails
 * describeEvent.unit.test.ts, so a new event type must say what it means.
 */
import { translatorFor, type MessageId } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';
import { formatRupees } from '../i18n/numbers.ts';
import type { MessageValues } from '../i18n/translate.ts';
import type { ReportReason } from '../reports/events.ts';
import { HIDE_FOR_REVIEW_THRESHOLD, POSSIBLY_RENTED_THRESHOLD } from '../reports/report.ts';

type Data = Readonly<Record<string, unknown>>;
type Values = (data: Data, locale: Locale) => MessageValues;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const rupees = (value: unknown, locale: Locale) =>
  typeof value === 'number'
    ? formatRupees(value, locale)
    : translatorFor(locale).t('history.unknownAmount');
const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
/** ‘: reason’ when the event carries one (an admin's own words, never translated). */
const because = (data: Data, key = 'reason') => ({
  hasReason: text(data[key]) ? 'yes' : 'no',
  reason: text(data[key]),
});
/** A report's reason in the reader's language: the report form's label of it. */
const REASON_IDS: Readonly<Record<ReportReason, MessageId>> = {
  'Broker posing as owner': 'admin.reason.broker',
  'Already rented': 'admin.reason.rented',
  'Wrong price or details': 'admin.reason.wrong',
  'Fake or scam': 'admin.reason.fake',
};
const reasonIn = (reason: unknown, locale: Locale) => {
  const id = REASON_IDS[text(reason) as keyof typeof REASON_IDS];
  return id ? translatorFor(locale).t(id) : text(reason);
};
const none: Values = () => ({});

/** Each type's values for its sentence, `history.<type>` (first letter lower-cased). */
const SENTENCES: Readonly<Record<string, Values>> = {
  // The listing's own stream.
  ListingCreated: none,
  ListingDetailsRevised: none,
  ListingRentChanged: (d, locale) => ({
    samePeriod: d.rentType === d.previousRentType ? 'yes' : 'no',
    before: rupees(d.previousRent, locale),
    after: rupees(d.rent, locale),
    previousPeriod: text(d.previousRentType),
    period: text(d.rentType),
  }),
  ListingLocationChanged: none,
  ListingImagesAdded: (d) => ({ n: count(d.images) }),
  ListingImageRemoved: none,
  ListingImagesReordered: none,
  ListingImageCaptioned: none,
  ListingPhotosReceived: (d) => ({ n: count(d.photos) }),
  ListingPhotosFailed: (d) => ({ n: count(d.photos) }),
  ListingDelisted: none,
  ListingRelisted: none,
  ListingLet: (d, locale) => ({
    hasTenant: text(d.tenantId) ? 'yes' : 'no',
    rent: rupees(d.rent, locale),
    deposit: rupees(d.deposit, locale),
    moveIn: text(d.moveIn),
  }),
  ListingDeleted: none,
  ListingVerified: none,
  ListingVerificationRevoked: none,
  ListingAvailabilityConfirmed: none,
  ListingExpiryReminded: none,
  ListingExpired: none,
  ListingHiddenForReview: () => ({ n: HIDE_FOR_REVIEW_THRESHOLD }),
  ListingReviewCleared: (d) => ({ listed: d.isAvailable === true ? 'yes' : 'no' }),
  ListingOwnerRoleChanged: (d) => ({ role: d.role === 'broker' ? 'broker' : 'owner' }),
  // Reports and their review.
  ListingReported: (d, locale) => ({
    reason: reasonIn(d.reason, locale),
    hasNote: text(d.note) ? 'yes' : 'no',
    note: text(d.note),
  }),
  ListingMarkedPossiblyRented: () => ({ n: POSSIBLY_RENTED_THRESHOLD }),
  ListingHiddenPendingReview: () => ({ n: HIDE_FOR_REVIEW_THRESHOLD }),
  ListingReportsDismissed: none,
  // The duplicate review (core/src/trust).
  DuplicatePairDismissed: none,
  ListingReportBrigadeUndone: (d) => ({ n: count(d.reports) }),
  ListingFixRequested: (d) => because(d),
  ListingDelistedAfterReview: (d) => because(d),
  ListingOwnerSuspended: (d) => because(d),
  // Accounts.
  PasswordResetRequested: none,
  PasswordReset: none,
  EmailVerificationRequested: none,
  AccountEmailVerified: (d) => ({ via: d.via === 'link' ? 'link' : 'setup' }),
  AccountSuspended: (d) => because(d),
  ListerRoleConfirmationAsked: none,
  ListerMarkedAsOwner: none,
  ListerConfirmedOwner: none,
  AccountBecameBroker: none,
  // Conversations, favourites, saved searches, notifications.
  ConversationStarted: none,
  MessageSent: none,
  ConversationRead: none,
  ConversationArchived: none,
  ConversationUnarchived: none,
  ConversationBlocked: none,
  ConversationUnblocked: none,
  ListingFavourited: none,
  ListingUnfavourited: none,
  SavedSearchCreated: none,
  SavedSearchEdited: none,
  SavedSearchPaused: none,
  SavedSearchResumed: none,
  SavedSearchUnsubscribed: none,
  SavedSearchDeleted: none,
  SavedSearchSeen: none,
  NotificationsRead: none,
  NotificationOpened: none,
  // Visits (issue 44).
  VisitWindowsSet: none,
  VisitBooked: none,
  VisitRescheduled: none,
  VisitCancelled: none,
  VisitNoShowMarked: none,
  // Rental agreements (issue 44).
  AgreementTermsSet: none,
  AgreementConfirmed: (data) => ({ by: text(data.by) }),
};

/** Whether `type` has its own sentence (the unit test checks every registered type). */
export const hasSentence = (type: string): boolean => Object.hasOwn(SENTENCES, type);

/** The catalogue id of a type's sentence: `ListingCreated` → `history.listingCreated`. */
export const sentenceId = (type: string): MessageId =>
  `history.${type.charAt(0).toLowerCase()}${type.slice(1)}` as MessageId;

/** The event in words; an unknown type (never expected) still gets words, not its name. */
export const describeEvent = (
  event: { type: string; data: Data },
  locale: Locale = 'en',
): string => {
  const { t } = translatorFor(locale);
  return hasSentence(event.type)
    ? t(sentenceId(event.type), SENTENCES[event.type]!(event.data, locale))
    : t('history.unknown');
};
