import type { Locale } from '@rentals/core/i18n/locales';
import { createHmac } from 'node:crypto';
import type { Sql } from 'postgres';
import { ACCOUNT_STREAM_TYPE, accountStreamId } from '@rentals/core/accounts/events';
import { ConcurrencyError } from '@rentals/core/errors';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { Logger } from '@rentals/core/logger';
import type { ReviewDecisionKind } from '@rentals/core/mail/emails';
import { emailLink, ownerNoticeDestination } from '@rentals/core/mail/links';
import { loadEmails } from '../shared/emails.ts';
import type { Mailer } from '@rentals/core/mail/mailer';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import { decide as decideListing } from '@rentals/core/listings/decide';
import { toPropertyDocument } from '@rentals/core/listings/document';
import type { ListingCommand } from '@rentals/core/listings/commands';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingEvent,
} from '@rentals/core/listings/events';
import { fold, presenceOf } from '@rentals/core/listings/state';
import { describeEvent } from '@rentals/core/history/describeEvent';
import {
  REPORTS_STREAM_TYPE,
  reportsStreamId,
  type ReportEvent,
  type ReportReason,
} from '@rentals/core/reports/events';
import {
  decideReports,
  foldReports,
  type ReportCommand,
  type ReviewAction,
} from '@rentals/core/reports/report';
import { ownerListedListingIds } from '@rentals/projections/queries/reportQueries';
import { createWriteLimit } from '../access/attemptLimit.ts';
import type { AuthUser } from '../access/roles.ts';
import { sessionCacheFor } from '../access/sessionCache.ts';
import { REPORT_LIMIT } from './model.ts';
import { presentOpenReports } from './present.ts';

type Deps = {
  sql: Sql;
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
  log: Logger;
  jwtSecret: string;
  mailer?: Mailer;
  siteUrl?: string;
};

const KIND_OF: Partial<Record<ReviewAction, ReviewDecisionKind>> = {
  askOwnerToFix: 'fix-requested',
  delist: 'delisted',
  suspendOwner: 'suspended',
};

type ReviewCommand = Extract<ReportCommand, { type: 'ReviewReports' }>;

/** What a report service keeps: the reports' rate limit and the emails being sent. */
type ServiceState = {
  limitReports: ReturnType<typeof createWriteLimit>;
  background: Set<Promise<void>>;
};

/**
 * Who reports, as the hiding rule weighs them: the account's creation time,
 * and the address as a keyed hash (reports from one address are told apart
 * from others without the address being recorded in the event log).
 */
/** Decisions that uphold a report (something was wrong) and that reject it. */
const UPHELD = ['ListingFixRequested', 'ListingDelistedAfterReview', 'ListingOwnerSuspended'];
const REJECTED = ['ListingReportsDismissed', 'ListingReportBrigadeUndone'];

/**
 * How the user's earlier reports ended: for each, the first review decision
 * on its listing's reports after it that closed it (a brigade undo closes
 * only the reports it names). Read from the log through the reporter index
 * (migration 0211); open reports count as neither.
 */
const reportHistoryOf = async (sql: Sql, reporterId: string) => {
  const [row] = await sql<{ upheld: number; rejected: number }[]>`
    SELECT count(*) FILTER (WHERE d.type IN ${sql(UPHELD)})::int AS upheld,
           count(*) FILTER (WHERE d.type IN ${sql(REJECTED)})::int AS rejected
    FROM events r
    CROSS JOIN LATERAL (
      SELECT e.type FROM events e
      WHERE e.stream_id = r.stream_id AND e.stream_version > r.stream_version
        AND (e.type IN ${sql(UPHELD)} OR e.type = 'ListingReportsDismissed'
             OR (e.type = 'ListingReportBrigadeUndone'
                 AND e.data -> 'reports' @> jsonb_build_array(jsonb_build_object('reportId', r.data ->> 'reportId'))))
      ORDER BY e.stream_version LIMIT 1) d
    WHERE r.type = 'ListingReported' AND r.data ->> 'reporterId' = ${reporterId}`;
  return { upheld: row?.upheld ?? 0, rejected: row?.rejected ?? 0 };
};

/** What the report's weight depends on, read now and recorded in the report (core/src/reports/weight.ts). */
const reporterOf = async (deps: Deps, user: AuthUser, address: string) => {
  const [row] = await deps.sql<{ createdAt: Date; verified: boolean }[]>`
    SELECT created_at AS "createdAt", email_verified_at IS NOT NULL AS verified
    FROM users WHERE id = ${user.id}`;
  const hash = createHmac('sha256', deps.jwtSecret).update(`report-address:${address}`);
  return {
    since: (row?.createdAt ?? deps.clock()).toISOString(),
    address: hash.digest('hex').slice(0, 32),
    emailVerified: row?.verified ?? false,
    ...(await reportHistoryOf(deps.sql, user.id)),
  };
};

const listingOf = async (store: EventStore, listingId: string) => {
  const { version, events } = await store.readStream(listingStreamId(listingId));
  return { version, state: fold(events as unknown as ListingEvent[]) };
};

/** Decides on the listing's reports stream and appends; one retry on a concurrent report. */
const onReports = async (
  store: EventStore,
  command: ReportCommand,
  userId: string,
): Promise<ReportEvent[]> => {
  const once = async () => {
    const streamId = reportsStreamId(command.listingId);
    const { version, events } = await store.readStream(streamId);
    const decided = decideReports(command, foldReports(events as unknown as ReportEvent[]));
    await store.append(streamId, REPORTS_STREAM_TYPE, version, decided, { userId });
    return decided;
  };
  try {
    return await once();
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    return once();
  }
};

/**
 * Delists the listing as the admin, unless it is already delisted or gone
 * (one hidden pending review that was listed is delisted too: it stays out
 * when its own review ends).
 */
const delist = async (store: EventStore, listingId: string, adminId: string, at: string) => {
  const { version, state } = await listingOf(store, listingId);
  if (state.status !== 'active') return;
  const { isAvailable, hiddenForReview } = state.listing;
  if (!isAvailable && !hiddenForReview?.listedBefore) return;
  const events = decideListing(
    { type: 'DelistListing', actor: { id: adminId, role: 'admin' }, at },
    state,
  );
  await store.append(listingStreamId(listingId), LISTING_STREAM_TYPE, version, events, {
    userId: adminId,
  });
};

/** The command a report decision gives the listing's own stream, if any. */
const listingCommandOf = (event: ReportEvent): ListingCommand | null => {
  const { at } = event.data;
  if (event.type === 'ListingHiddenPendingReview')
    return { type: 'HideForReview', reason: 'Fake or scam', at };
  if (!('adminId' in event.data)) return null;
  return {
    type: 'ClearReview',
    adminId: event.data.adminId,
    relist:
      event.type === 'ListingReportsDismissed' ||
      event.type === 'ListingReportBrigadeUndone' ||
      event.type === 'ListingFixRequested',
    at,
  };
};

/**
 * What the report stream decided for the listing itself, on its own stream
 * in the same transaction: hidden by the third open 'Fake or scam' report;
 * back as it was when a decision dismisses the reports or asks for a fix,
 * kept out when it delists or suspends. Nothing when there is nothing to
 * hide or clear (decide returns no events).
 */
const applyToListing = async (
  store: EventStore,
  decided: readonly ReportEvent[],
  userId: string,
) => {
  const commands = listingCommandHandler(store);
  for (const event of decided) {
    const command = listingCommandOf(event);
    if (command)
      await commands.handle(event.data.listingId, (state) => decideListing(command, state), {
        userId,
      });
  }
};

const sendDecisionEmail = async (
  deps: Deps,
  mailer: Mailer,
  notice: { ownerId: string; kind: ReviewDecisionKind; listingId: string; reason: string },
) => {
  const [owner] = await deps.sql<{ name: string; email: string; language: Locale }[]>`
    SELECT name, email, language FROM users WHERE id = ${notice.ownerId}`;
  if (!owner) return;
  const { state } = await listingOf(deps.eventStore, notice.listingId);
  const link = emailLink(
    deps.siteUrl ?? 'http://localhost:3000',
    ownerNoticeDestination(notice.kind, notice.listingId),
  );
  const { reviewDecisionEmail } = await loadEmails();
  const content = await reviewDecisionEmail({
    locale: owner.language,
    name: owner.name,
    kind: notice.kind,
    listingTitle: state.status === 'absent' ? null : state.listing.title,
    reason: notice.reason,
    link,
  });
  await mailer.send({ to: owner.email, ...content });
};

/** Mails the owner the decision in the background (a failure is logged, not the admin's). */
const tellOwner = (
  deps: Deps,
  state: ServiceState,
  notice: { ownerId: string; kind: ReviewDecisionKind; listingId: string; reason: string },
) => {
  if (!deps.mailer) return;
  const work = sendDecisionEmail(deps, deps.mailer, notice)
    .catch((error: Error) =>
      deps.log.error('review decision email not sent', {
        ownerId: notice.ownerId,
        listingId: notice.listingId,
        error: error.message,
      }),
    )
    .finally(() => state.background.delete(work));
  state.background.add(work);
};

const report = async (
  deps: Deps,
  state: ServiceState,
  user: AuthUser,
  input: { listingId: string; reason: ReportReason; note?: string },
  address: string,
) => {
  const now = deps.clock();
  await state.limitReports(user.id, address, now);
  const { state: listingState } = await listingOf(deps.eventStore, input.listingId);
  const listing = presenceOf(listingState);
  const reportId = deps.newId();
  const note = input.note?.trim();
  const command: ReportCommand = {
    type: 'ReportListing',
    listingId: input.listingId,
    reportId,
    reporterId: user.id,
    reporter: await reporterOf(deps, user, address),
    reason: input.reason,
    ...(note ? { note } : {}),
    listing,
    at: now.toISOString(),
  };
  await deps.sql.begin(async (tx) => {
    const store = createEventStore(tx as unknown as Sql);
    await applyToListing(store, await onReports(store, command, user.id), user.id);
  });
  return { reportId, listingId: input.listingId, reason: input.reason };
};

/** The listing as it is now, and every event of its stream and its reports stream, oldest first. */
const history = async (deps: Deps, listingId: string, locale: Locale) => {
  const byStream = await deps.eventStore.readStreams([
    listingStreamId(listingId),
    reportsStreamId(listingId),
  ]);
  const listingEvents = byStream.get(listingStreamId(listingId)) ?? [];
  const state = fold(listingEvents as unknown as ListingEvent[]);
  const events = [...byStream.values()]
    .flat()
    .sort((a, b) => a.position - b.position)
    .map((e: RecordedEvent) => ({
      streamId: e.streamId,
      version: e.streamVersion,
      type: e.type,
      text: describeEvent(e, locale),
      data: e.data,
      userId: e.metadata.userId ?? null,
      recordedAt: e.recordedAt.toISOString(),
    }));
  const reports = foldReports(
    (byStream.get(reportsStreamId(listingId)) ?? []) as unknown as ReportEvent[],
  );
  return {
    listing: toPropertyDocument(state),
    ownerId: state.status === 'absent' ? null : state.listing.ownerId,
    openReports: presentOpenReports(reports.open, locale),
    events,
  };
};

/**
 * Suspends the listing's owner: records the account's suspension, blocks its
 * sign-in, ends its sessions (the token generation bump is announced to every
 * web process by the session trigger, migration 0100) and delists all its
 * listed listings.
 */
const suspendOwner = async (
  tx: Sql,
  store: EventStore,
  event: Extract<ReportEvent, { type: 'ListingOwnerSuspended' }>,
  { adminId, listingId, at }: ReviewCommand,
) => {
  const { ownerId } = event.data;
  const account = await store.readStream(accountStreamId(ownerId));
  await store.append(
    accountStreamId(ownerId),
    ACCOUNT_STREAM_TYPE,
    account.version,
    [
      {
        type: 'AccountSuspended',
        data: { accountId: ownerId, adminId, listingId, reason: event.data.reason, at },
      },
    ],
    { userId: adminId },
  );
  await tx`UPDATE users SET suspended_at = ${at}, token_generation = token_generation + 1,
             updated_at = ${at} WHERE id = ${ownerId}`;
  const listed = new Set([listingId, ...(await ownerListedListingIds(tx, ownerId))]);
  for (const id of listed) await delist(store, id, adminId, at);
};

/** The decision on the reports, and what it does to the listing and its owner, in one transaction. */
const decideReview = (deps: Deps, command: ReviewCommand) =>
  deps.sql.begin(async (tx) => {
    const store = createEventStore(tx as unknown as Sql);
    const decided = await onReports(store, command, command.adminId);
    await applyToListing(store, decided, command.adminId);
    const event = decided[0];
    if (event?.type === 'ListingDelistedAfterReview')
      await delist(store, command.listingId, command.adminId, command.at);
    if (event?.type === 'ListingOwnerSuspended')
      await suspendOwner(tx as unknown as Sql, store, event, command);
    return decided;
  });

/**
 * One decision on a listing's open reports, with what it does, in one
 * transaction: delisting delists the listing; suspending suspends the owner
 * and delists all its listed listings (suspendOwner).
 */
const review = async (
  deps: Deps,
  state: ServiceState,
  admin: AuthUser,
  listingId: string,
  action: ReviewAction,
  options: { reason?: string; reportIds?: readonly string[]; locale?: Locale } = {},
) => {
  const at = deps.clock().toISOString();
  const [decision] = await decideReview(deps, {
    type: 'ReviewReports',
    listingId,
    adminId: admin.id,
    action,
    at,
    ...(options.reason === undefined ? {} : { reason: options.reason }),
    ...(options.reportIds === undefined ? {} : { reportIds: options.reportIds }),
  });
  if (!decision) throw new Error('a review decides exactly one event');
  const ownerId = decision.data.ownerId;
  if (decision.type === 'ListingOwnerSuspended')
    sessionCacheFor({ sql: deps.sql, clock: deps.clock, log: deps.log }).forgetUser(ownerId);
  const kind = KIND_OF[action];
  if (kind && 'reason' in decision.data)
    tellOwner(deps, state, { ownerId, kind, listingId, reason: decision.data.reason });
  // The decision in words, as the history says it: no screen gets a type name to show.
  return { listingId, action, decision: describeEvent(decision, options.locale) };
};

/** Reports, the admins' review of them, and what a decision does beyond its own event. */
export const reportService = (deps: Deps) => {
  const state: ServiceState = {
    limitReports: createWriteLimit(deps.sql, REPORT_LIMIT),
    background: new Set(),
  };
  return {
    report: (
      user: AuthUser,
      input: { listingId: string; reason: ReportReason; note?: string },
      address: string,
    ) => report(deps, state, user, input, address),
    history: (listingId: string, locale: Locale = 'en') => history(deps, listingId, locale),
    review: (
      admin: AuthUser,
      listingId: string,
      action: ReviewAction,
      options?: { reason?: string; reportIds?: readonly string[]; locale?: Locale },
    ) => review(deps, state, admin, listingId, action, options),
  };
};
