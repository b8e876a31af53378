import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { isMultiLine } from '../textFormats.ts';
import { REPORT_NOTE_MAX, REVIEW_REASON_MAX } from './events.ts';
import type { ReportEvent, ReportReason, ReviewDecision } from './events.ts';

/**
 * Open reports of one reason that change what the public sees: the third
 * independent 'Already rented' marks the listing 'Possibly rented', the third
 * 'Fake or scam' hides it until an admin decides.
 */
export const POSSIBLY_RENTED_THRESHOLD = 3;
export const HIDE_FOR_REVIEW_THRESHOLD = 3;

/** What the handler read from the listing's own stream when the command is decided. */
export type ReportedListing = { status: 'present'; ownerId: string } | { status: 'absent' };

export type ReportListing = {
  type: 'ReportListing';
  listingId: string;
  reportId: string;
  reporterId: string;
  reason: ReportReason;
  note?: string;
  listing: ReportedListing;
  at: string;
};

export type ReviewAction = 'dismiss' | 'askOwnerToFix' | 'delist' | 'suspendOwner';

export type ReviewReports = {
  type: 'ReviewReports';
  listingId: string;
  adminId: string;
  action: ReviewAction;
  /** Required for every action but dismiss: the owner is told it. */
  reason?: string;
  at: string;
};

export type ReportCommand = ReportListing | ReviewReports;

export type OpenReport = { reporterId: string; reason: ReportReason; at: string };

export type ReportsState = {
  ownerId: string | null;
  /** Everyone who ever reported the listing: one report per user per listing, reviewed or not. */
  reporters: ReadonlySet<string>;
  /** Reports since the last review decision: what the review queue shows. */
  open: readonly OpenReport[];
  /** 'Already rented' reports since the listing was last marked (the owner's confirmation ends a mark). */
  rentedSinceMark: number;
  hidden: boolean;
};

export const initialReportsState: ReportsState = {
  ownerId: null,
  reporters: new Set(),
  open: [],
  rentedSinceMark: 0,
  hidden: false,
};

export const reportMessages = {
  notFound: 'Property not found',
  ownListing: 'You cannot report your own listing',
  alreadyReported: 'You have already reported this listing',
  nothingToReview: 'This listing has no reports to review',
  reasonRequired: 'A reason for the owner is required',
  note: `A note can be at most ${REPORT_NOTE_MAX} characters, without control characters`,
  reason: `A reason can be at most ${REVIEW_REASON_MAX} characters, without control characters`,
} as const;

/** Free text holds the same rules here as in the route's schema, whoever calls decide. */
const checkText = (path: 'note' | 'reason', value: string | undefined, max: number) => {
  if (value !== undefined && (value.length > max || !isMultiLine(value)))
    throw new ValidationError([{ path, msg: reportMessages[path] }]);
};

const decideReport = (command: ReportListing, state: ReportsState): ReportEvent[] => {
  checkText('note', command.note, REPORT_NOTE_MAX);
  if (command.listing.status === 'absent') throw new NotFoundError(reportMessages.notFound);
  const { ownerId } = command.listing;
  if (command.reporterId === ownerId) throw new ForbiddenError(reportMessages.ownListing);
  if (state.reporters.has(command.reporterId))
    throw new IllegalStateError(reportMessages.alreadyReported);
  const { listingId, at } = command;
  const events: ReportEvent[] = [
    {
      type: 'ListingReported',
      data: {
        listingId,
        reportId: command.reportId,
        reporterId: command.reporterId,
        ownerId,
        reason: command.reason,
        ...(command.note ? { note: command.note } : {}),
        at,
      },
    },
  ];
  if (
    command.reason === 'Already rented' &&
    state.rentedSinceMark + 1 === POSSIBLY_RENTED_THRESHOLD
  )
    events.push({ type: 'ListingMarkedPossiblyRented', data: { listingId, ownerId, at } });
  const openScams = state.open.filter((r) => r.reason === 'Fake or scam').length;
  if (
    command.reason === 'Fake or scam' &&
    !state.hidden &&
    openScams + 1 >= HIDE_FOR_REVIEW_THRESHOLD
  )
    events.push({ type: 'ListingHiddenPendingReview', data: { listingId, ownerId, at } });
  return events;
};

const decideReview = (command: ReviewReports, state: ReportsState): ReviewDecision[] => {
  checkText('reason', command.reason, REVIEW_REASON_MAX);
  if (state.ownerId === null || state.open.length === 0)
    throw new IllegalStateError(reportMessages.nothingToReview);
  const base = {
    listingId: command.listingId,
    ownerId: state.ownerId,
    adminId: command.adminId,
    at: command.at,
  };
  if (command.action === 'dismiss') return [{ type: 'ListingReportsDismissed', data: base }];
  const reason = command.reason?.trim();
  if (!reason) throw new IllegalStateError(reportMessages.reasonRequired);
  const data = { ...base, reason };
  switch (command.action) {
    case 'askOwnerToFix':
      return [{ type: 'ListingFixRequested', data }];
    case 'delist':
      return [{ type: 'ListingDelistedAfterReview', data }];
    case 'suspendOwner':
      return [{ type: 'ListingOwnerSuspended', data }];
  }
};

/**
 * Reporting: signed-in users only (the handler knows who), never one's own
 * listing, once per listing. Reviewing closes every open report with one
 * decision; a listing without open reports has nothing to review (a second
 * admin clicking the same queue entry gets a clear 409, not a second email
 * to the owner).
 */
export const decideReports = (command: ReportCommand, state: ReportsState): ReportEvent[] =>
  command.type === 'ReportListing' ? decideReport(command, state) : decideReview(command, state);

export const evolveReports = (state: ReportsState, event: ReportEvent): ReportsState => {
  switch (event.type) {
    case 'ListingReported': {
      const { reporterId, reason, at, ownerId } = event.data;
      return {
        ...state,
        ownerId,
        reporters: new Set([...state.reporters, reporterId]),
        open: [...state.open, { reporterId, reason, at }],
        rentedSinceMark: state.rentedSinceMark + (reason === 'Already rented' ? 1 : 0),
      };
    }
    case 'ListingMarkedPossiblyRented':
      return { ...state, rentedSinceMark: 0 };
    case 'ListingHiddenPendingReview':
      return { ...state, hidden: true };
    case 'ListingReportsDismissed':
    case 'ListingFixRequested':
    case 'ListingDelistedAfterReview':
    case 'ListingOwnerSuspended':
      return { ...state, open: [], hidden: false, rentedSinceMark: 0 };
  }
};

export const foldReports = (events: readonly ReportEvent[]): ReportsState =>
  events.reduce(evolveReports, initialReportsState);
