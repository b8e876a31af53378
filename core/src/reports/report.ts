import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { assertEmailVerified } from '../accounts/emailVerification.ts';
import { millisBetween } from '../isoTime.ts';
import type { ListingPresence } from '../listings/state.ts';
import { isMultiLine } from '../textFormats.ts';
import { REPORT_NOTE_MAX, REVIEW_REASON_MAX } from './events.ts';
import type { ReportEvent, ReportReason, ReviewDecision } from './events.ts';

import {
  HIDE_FOR_REVIEW_WEIGHT,
  hidingWeight,
  NEW_ACCOUNT_MS,
  type ReporterFacts,
} from './weight.ts';

/**
 * Open reports that change what the public sees: the third independent
 * 'Already rented' marks the listing 'Possibly rented'; 'Fake or scam' reports
 * whose weight reaches HIDE_FOR_REVIEW_THRESHOLD (weight.ts: three trusted
 * reporters, fewer with a record of upheld reports) hide it until an admin decides.
 */
export const POSSIBLY_RENTED_THRESHOLD = 3;
export const HIDE_FOR_REVIEW_THRESHOLD = HIDE_FOR_REVIEW_WEIGHT;
/** How old a reporter's account must be for its report to weigh anything (weight.ts). */
export const TRUSTED_REPORTER_AGE_MS = NEW_ACCOUNT_MS;

export type ReportListing = {
  type: 'ReportListing';
  listingId: string;
  reportId: string;
  reporterId: string;
  /**
   * What the handler read about the reporter: when its account was created, a
   * keyed hash of the address the report came from, whether its email is
   * verified (reporting needs it), and how its earlier reports ended.
   */
  reporter: Required<ReporterFacts>;
  reason: ReportReason;
  note?: string;
  /** Read from the listing's own stream when the command is decided. */
  listing: ListingPresence;
  at: string;
};

export type ReviewAction = 'dismiss' | 'askOwnerToFix' | 'delist' | 'suspendOwner' | 'undoBrigade';

export type ReviewReports = {
  type: 'ReviewReports';
  listingId: string;
  adminId: string;
  action: ReviewAction;
  /** Required for every action but dismiss and undoBrigade: the owner is told it. */
  reason?: string;
  /** undoBrigade: the open reports the admin judged a brigade. */
  reportIds?: readonly string[];
  at: string;
};

export type ReportCommand = ReportListing | ReviewReports;

export type OpenReport = {
  reportId: string;
  reporterId: string;
  reason: ReportReason;
  at: string;
  /** What the report's weight depends on; empty for reports recorded before accounts' ages were (those count). */
  reporter: ReporterFacts;
};

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
  brigadeReports: 'Choose the open reports of this listing that are the brigade',
  note: `A note can be at most ${REPORT_NOTE_MAX} characters, without control characters`,
  reason: `A reason can be at most ${REVIEW_REASON_MAX} characters, without control characters`,
} as const;

/** Whether the reporter's account was younger than a day when the report was made. */
export const fromNewAccount = (report: OpenReport): boolean =>
  report.reporter.since !== undefined &&
  millisBetween(report.reporter.since, report.at) < NEW_ACCOUNT_MS;

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
  assertEmailVerified(command.reporter.emailVerified);
  if (state.reporters.has(command.reporterId))
    throw new IllegalStateError(reportMessages.alreadyReported);
  const { listingId, at } = command;
  const reported: ReportEvent = {
    type: 'ListingReported',
    data: {
      listingId,
      reportId: command.reportId,
      reporterId: command.reporterId,
      ownerId,
      reason: command.reason,
      ...(command.note ? { note: command.note } : {}),
      reporterSince: command.reporter.since,
      reporterAddress: command.reporter.address,
      reporterEmailVerified: command.reporter.emailVerified,
      reporterUpheld: command.reporter.upheld,
      reporterRejected: command.reporter.rejected,
      at,
    },
  };
  const events: ReportEvent[] = [reported];
  if (
    command.reason === 'Already rented' &&
    state.rentedSinceMark + 1 === POSSIBLY_RENTED_THRESHOLD
  )
    events.push({ type: 'ListingMarkedPossiblyRented', data: { listingId, ownerId, at } });
  const weight = hidingWeight(evolveReports(state, reported).open);
  if (command.reason === 'Fake or scam' && !state.hidden && weight >= HIDE_FOR_REVIEW_THRESHOLD)
    events.push({ type: 'ListingHiddenPendingReview', data: { listingId, ownerId, at } });
  return events;
};

/** The chosen open reports are dismissed and the listing restored; the other open reports stay open. */
const undoBrigade = (
  command: ReviewReports,
  state: ReportsState,
  base: { listingId: string; ownerId: string; adminId: string; at: string },
): ReviewDecision[] => {
  const chosen = new Set(command.reportIds ?? []);
  const reports = state.open.filter((r) => chosen.has(r.reportId));
  if (chosen.size === 0 || reports.length !== chosen.size)
    throw new IllegalStateError(reportMessages.brigadeReports);
  return [
    {
      type: 'ListingReportBrigadeUndone',
      data: { ...base, reports: reports.map(({ reportId, reason }) => ({ reportId, reason })) },
    },
  ];
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
  if (command.action === 'undoBrigade') return undoBrigade(command, state, base);
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

/** The facts a report's weight depends on, as its event recorded them (the fields it has). */
const reporterFacts = ({
  data,
}: Extract<ReportEvent, { type: 'ListingReported' }>): ReporterFacts => {
  const facts: ReporterFacts = {};
  if (data.reporterSince !== undefined) facts.since = data.reporterSince;
  if (data.reporterAddress !== undefined) facts.address = data.reporterAddress;
  if (data.reporterEmailVerified !== undefined) facts.emailVerified = data.reporterEmailVerified;
  if (data.reporterUpheld !== undefined) facts.upheld = data.reporterUpheld;
  if (data.reporterRejected !== undefined) facts.rejected = data.reporterRejected;
  return facts;
};

export const evolveReports = (state: ReportsState, event: ReportEvent): ReportsState => {
  switch (event.type) {
    case 'ListingReported': {
      const { reportId, reporterId, reason, at, ownerId } = event.data;
      const report: OpenReport = {
        reportId,
        reporterId,
        reason,
        at,
        reporter: reporterFacts(event),
      };
      return {
        ...state,
        ownerId,
        reporters: new Set([...state.reporters, reporterId]),
        open: [...state.open, report],
        rentedSinceMark: state.rentedSinceMark + (reason === 'Already rented' ? 1 : 0),
      };
    }
    case 'ListingMarkedPossiblyRented':
      return { ...state, rentedSinceMark: 0 };
    case 'ListingHiddenPendingReview':
      return { ...state, hidden: true };
    case 'ListingReportBrigadeUndone': {
      const gone = new Set(event.data.reports.map((r) => r.reportId));
      const rented = event.data.reports.filter((r) => r.reason === 'Already rented').length;
      return {
        ...state,
        open: state.open.filter((r) => !gone.has(r.reportId)),
        hidden: false,
        rentedSinceMark: Math.max(0, state.rentedSinceMark - rented),
      };
    }
    case 'ListingReportsDismissed':
    case 'ListingFixRequested':
    case 'ListingDelistedAfterReview':
    case 'ListingOwnerSuspended':
      return { ...state, open: [], hidden: false, rentedSinceMark: 0 };
  }
};

export const foldReports = (events: readonly ReportEvent[]): ReportsState =>
  events.reduce(evolveReports, initialReportsState);
