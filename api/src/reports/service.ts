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
import { fold } from '@rentals/core/listings/state';
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
  type ReportedListing,
  type ReviewAction,
} from '@rentals/core/reports/report';
import { ownerListedListingIds } from '@rentals/projections/queries/reportQueries';
import { createAttemptLimiter, TooManyAttemptsError } from '../access/attemptLimit.ts';
import type { AuthUser } from '../access/roles.ts';
import { sessionCacheFor } from '../access/sessionCache.ts';
import { REPORT_LIMIT, reportApiMessages } from './model.ts';
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

/** Reports, the admins' review of them, and what a decision does beyond its own event. */
export const reportService = (deps: Deps) => {
  const { sql, clock } = deps;
  const limiter = createAttemptLimiter(sql, REPORT_LIMIT);
  const background = new Set<Promise<void>>();
  let prunedAt = 0;

  /**
   * Who reports, as the hiding rule weighs them: the account's creation time,
   * and the address as a keyed hash (reports from one address are told apart
   * from others without the address being recorded in the event log).
   */
  const reporterOf = async (user: AuthUser, address: string) => {
    const [row] = await sql<{ createdAt: Date }[]>`
      SELECT created_at AS "createdAt" FROM users WHERE id = ${user.id}`;
    const hash = createHmac('sha256', deps.jwtSecret).update(`report-address:${address}`);
    return {
      since: (row?.createdAt ?? clock()).toISOString(),
      address: hash.digest('hex').slice(0, 32),
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
      const { listingId, at } = event.data;
      const command: ListingCommand | null =
        event.type === 'ListingHiddenPendingReview'
          ? { type: 'HideForReview', reason: 'Fake or scam', at }
          : 'adminId' in event.data
            ? {
                type: 'ClearReview',
                adminId: event.data.adminId,
                relist:
                  event.type === 'ListingReportsDismissed' ||
                  event.type === 'ListingReportBrigadeUndone' ||
                  event.type === 'ListingFixRequested',
                at,
              }
            : null;
      if (command)
        await commands.handle(listingId, (state) => decideListing(command, state), { userId });
    }
  };

  const tellOwner = (
    ownerId: string,
    kind: ReviewDecisionKind,
    listingId: string,
    reason: string,
  ) => {
    if (!deps.mailer) return;
    const mailer = deps.mailer;
    const work = (async () => {
      const [owner] = await sql<{ name: string; email: string }[]>`
        SELECT name, email FROM users WHERE id = ${ownerId}`;
      if (!owner) return;
      const { state } = await listingOf(deps.eventStore, listingId);
      const link = emailLink(
        deps.siteUrl ?? 'http://localhost:3000',
        ownerNoticeDestination(kind, listingId),
      );
      const { reviewDecisionEmail } = await loadEmails();
      const content = await reviewDecisionEmail({
        name: owner.name,
        kind,
        listingTitle: state.status === 'absent' ? null : state.listing.title,
        reason,
        link,
      });
      await mailer.send({ to: owner.email, ...content });
    })()
      .catch((error: Error) =>
        deps.log.error('review decision email not sent', {
          ownerId,
          listingId,
          error: error.message,
        }),
      )
      .finally(() => background.delete(work));
    background.add(work);
  };

  return {
    async report(
      user: AuthUser,
      input: { listingId: string; reason: ReportReason; note?: string },
      address: string,
    ) {
      const now = clock();
      const attempt = await limiter.begin(user.id, address, now);
      if (attempt.blocked)
        throw new TooManyAttemptsError(reportApiMessages.tooMany, attempt.retryAfterSeconds);
      if (now.getTime() - prunedAt > REPORT_LIMIT.windowMs) {
        prunedAt = now.getTime();
        await limiter.prune(now);
      }
      const { state } = await listingOf(deps.eventStore, input.listingId);
      const listing: ReportedListing =
        state.status === 'active'
          ? { status: 'present', ownerId: state.listing.ownerId }
          : { status: 'absent' };
      const reportId = deps.newId();
      const note = input.note?.trim();
      const command: ReportCommand = {
        type: 'ReportListing',
        listingId: input.listingId,
        reportId,
        reporterId: user.id,
        reporter: await reporterOf(user, address),
        reason: input.reason,
        ...(note ? { note } : {}),
        listing,
        at: now.toISOString(),
      };
      await sql.begin(async (tx) => {
        const store = createEventStore(tx as unknown as Sql);
        await applyToListing(store, await onReports(store, command, user.id), user.id);
      });
      return { reportId, listingId: input.listingId, reason: input.reason };
    },

    /** The listing as it is now, and every event of its stream and its reports stream, oldest first. */
    async history(listingId: string) {
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
          text: describeEvent(e),
          data: e.data,
          userId: e.metadata.userId ?? null,
          recordedAt: e.recordedAt.toISOString(),
        }));
      const reports = foldReports(
        (byStream.get(reportsStreamId(listingId)) ?? []) as unknown as ReportEvent[],
      );
      return {
        listing: toPropertyDocument(state) as Record<string, unknown> | null,
        ownerId: state.status === 'absent' ? null : state.listing.ownerId,
        openReports: presentOpenReports(reports.open),
        events,
      };
    },

    /**
     * One decision on a listing's open reports, with what it does, in one
     * transaction: delisting delists the listing; suspending records the
     * account's suspension, blocks its sign-in, ends its sessions (the token
     * generation bump is announced to every web process by the session
     * trigger, migration 0100) and delists all its listed listings.
     */
    async review(
      admin: AuthUser,
      listingId: string,
      action: ReviewAction,
      options: { reason?: string; reportIds?: readonly string[] } = {},
    ) {
      const at = clock().toISOString();
      const command: ReportCommand = {
        type: 'ReviewReports',
        listingId,
        adminId: admin.id,
        action,
        at,
        ...(options.reason === undefined ? {} : { reason: options.reason }),
        ...(options.reportIds === undefined ? {} : { reportIds: options.reportIds }),
      };
      const [decision] = await sql.begin(async (tx) => {
        const store = createEventStore(tx as unknown as Sql);
        const decided = await onReports(store, command, admin.id);
        await applyToListing(store, decided, admin.id);
        const event = decided[0];
        if (
          !event ||
          event.type === 'ListingReportsDismissed' ||
          event.type === 'ListingReportBrigadeUndone'
        )
          return decided;
        if (event.type === 'ListingDelistedAfterReview')
          await delist(store, listingId, admin.id, at);
        if (event.type === 'ListingOwnerSuspended') {
          const { ownerId } = event.data;
          const account = await store.readStream(accountStreamId(ownerId));
          await store.append(
            accountStreamId(ownerId),
            ACCOUNT_STREAM_TYPE,
            account.version,
            [
              {
                type: 'AccountSuspended',
                data: {
                  accountId: ownerId,
                  adminId: admin.id,
                  listingId,
                  reason: event.data.reason,
                  at,
                },
              },
            ],
            { userId: admin.id },
          );
          await tx`UPDATE users SET suspended_at = ${at}, token_generation = token_generation + 1,
                     updated_at = ${at} WHERE id = ${ownerId}`;
          const listed = new Set([
            listingId,
            ...(await ownerListedListingIds(tx as unknown as Sql, ownerId)),
          ]);
          for (const id of listed) await delist(store, id, admin.id, at);
        }
        return decided;
      });
      if (!decision) throw new Error('a review decides exactly one event');
      const ownerId = decision.data.ownerId;
      if (decision.type === 'ListingOwnerSuspended')
        sessionCacheFor({ sql, clock, log: deps.log }).forgetUser(ownerId);
      const kind = KIND_OF[action];
      if (kind && 'reason' in decision.data)
        tellOwner(ownerId, kind, listingId, decision.data.reason);
      // The decision in words, as the history says it: no screen gets a type name to show.
      return { listingId, action, decision: describeEvent(decision) };
    },
  };
};
