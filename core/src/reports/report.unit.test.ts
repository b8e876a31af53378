import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import { reportsStreamId, type ReportEvent, type ReportReason } from './events.ts';
import {
  decideReports,
  foldReports,
  type ReportCommand,
  reportMessages,
  type ReviewAction,
} from './report.ts';
import type { ListingPresence } from '../listings/state.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-02T10:00:00.000Z';
const listingId = 'l-1';
const ownerId = 'u-owner';
const present: ListingPresence = { status: 'present', ownerId };
/** Unless a test says otherwise, reporters have accounts months old, each on an address of its own. */
const LONG_AGO = '2025-12-01T00:00:00.000Z';
const addressOf = (reporterId: string) => Buffer.from(reporterId).toString('hex').padEnd(16, '0');
type Reporter = {
  since?: string;
  address?: string;
  emailVerified?: boolean;
  upheld?: number;
  rejected?: number;
};

const report = (
  reporterId: string,
  reason: ReportReason,
  extra: { note?: string; listing?: ListingPresence; at?: string } & Reporter = {},
): ReportCommand => ({
  type: 'ReportListing',
  listingId,
  reportId: `r-${reporterId}`,
  reporterId,
  reporter: {
    since: extra.since ?? LONG_AGO,
    address: extra.address ?? addressOf(reporterId),
    emailVerified: extra.emailVerified ?? true,
    upheld: extra.upheld ?? 0,
    rejected: extra.rejected ?? 0,
  },
  reason,
  listing: extra.listing ?? present,
  at: extra.at ?? T1,
  ...(extra.note === undefined ? {} : { note: extra.note }),
});
const reported = (
  reporterId: string,
  reason: ReportReason,
  at = T0,
  reporter: Reporter = {},
): ReportEvent => ({
  type: 'ListingReported',
  data: {
    listingId,
    reportId: `r-${reporterId}`,
    reporterId,
    ownerId,
    reason,
    reporterSince: reporter.since ?? LONG_AGO,
    reporterAddress: reporter.address ?? addressOf(reporterId),
    reporterEmailVerified: reporter.emailVerified ?? true,
    reporterUpheld: reporter.upheld ?? 0,
    reporterRejected: reporter.rejected ?? 0,
    at,
  },
});
const review = (action: ReviewAction, reason?: string, reportIds?: string[]): ReportCommand => ({
  type: 'ReviewReports',
  listingId,
  adminId: 'u-admin',
  action,
  at: T1,
  ...(reason === undefined ? {} : { reason }),
  ...(reportIds === undefined ? {} : { reportIds }),
});
const decided = { listingId, ownerId, adminId: 'u-admin', at: T1 };

/** Given past events, when a command is decided, then these events (or this error). */
const given = givenFor({ decide: decideReports, fold: foldReports });

describe('reporting a listing', () => {
  it('a signed-in user reports a listing with a reason and a note', () => {
    given()
      .when(report('u-a', 'Wrong price or details', { note: 'Rent is 30k, not 20k' }))
      .then([
        {
          type: 'ListingReported',
          data: {
            listingId,
            reportId: 'r-u-a',
            reporterId: 'u-a',
            ownerId,
            reason: 'Wrong price or details',
            note: 'Rent is 30k, not 20k',
            reporterSince: LONG_AGO,
            reporterAddress: addressOf('u-a'),
            reporterEmailVerified: true,
            reporterUpheld: 0,
            reporterRejected: 0,
            at: T1,
          },
        },
      ]);
  });

  it('an empty note is not recorded', () => {
    const [event] = decideReports(report('u-a', 'Fake or scam', { note: '' }), foldReports([]));
    expect(event?.data).not.toHaveProperty('note');
  });

  it('a user reports a listing only once, whatever the reason and even after a review', () => {
    given(reported('u-a', 'Already rented'))
      .when(report('u-a', 'Fake or scam'))
      .thenThrows(IllegalStateError, 'You have already reported this listing');
    given(reported('u-a', 'Already rented'), {
      type: 'ListingReportsDismissed',
      data: decided,
    })
      .when(report('u-a', 'Already rented'))
      .thenThrows(IllegalStateError, 'You have already reported this listing');
  });

  it('an owner cannot report their own listing', () => {
    given()
      .when(report(ownerId, 'Fake or scam'))
      .thenThrows(ForbiddenError, 'You cannot report your own listing');
  });

  it('a listing that does not exist cannot be reported', () => {
    given()
      .when(report('u-a', 'Fake or scam', { listing: { status: 'absent' } }))
      .thenThrows(NotFoundError);
  });
});

describe('thresholds', () => {
  it("the third independent 'Already rented' report marks the listing 'Possibly rented'", () => {
    given(reported('u-a', 'Already rented'), reported('u-b', 'Already rented'))
      .when(report('u-c', 'Already rented'))
      .then([
        reported('u-c', 'Already rented', T1),
        { type: 'ListingMarkedPossiblyRented', data: { listingId, ownerId, at: T1 } },
      ]);
  });

  it('other reasons do not count towards it, and two reports are not enough', () => {
    given(reported('u-a', 'Already rented'), reported('u-b', 'Fake or scam'))
      .when(report('u-c', 'Already rented'))
      .then([reported('u-c', 'Already rented', T1)]);
  });

  it('after a mark, three new reports are needed to mark it again (the owner may have confirmed)', () => {
    const marked: ReportEvent = {
      type: 'ListingMarkedPossiblyRented',
      data: { listingId, ownerId, at: T0 },
    };
    const three = ['u-a', 'u-b', 'u-c'].map((u) => reported(u, 'Already rented'));
    given(...three, marked, reported('u-d', 'Already rented'))
      .when(report('u-e', 'Already rented'))
      .then([reported('u-e', 'Already rented', T1)]);
    given(...three, marked, reported('u-d', 'Already rented'), reported('u-e', 'Already rented'))
      .when(report('u-f', 'Already rented'))
      .then([
        reported('u-f', 'Already rented', T1),
        { type: 'ListingMarkedPossiblyRented', data: { listingId, ownerId, at: T1 } },
      ]);
  });

  it("the third open 'Fake or scam' report hides the listing pending review, once", () => {
    const two = [reported('u-a', 'Fake or scam'), reported('u-b', 'Fake or scam')];
    const hidden: ReportEvent = {
      type: 'ListingHiddenPendingReview',
      data: { listingId, ownerId, at: T1 },
    };
    given(...two)
      .when(report('u-c', 'Fake or scam'))
      .then([reported('u-c', 'Fake or scam', T1), hidden]);
    given(...two, reported('u-c', 'Fake or scam'), hidden)
      .when(report('u-d', 'Fake or scam'))
      .then([reported('u-d', 'Fake or scam', T1)]);
  });

  const hiddenAt = (at: string): ReportEvent => ({
    type: 'ListingHiddenPendingReview',
    data: { listingId, ownerId, at },
  });
  /** An account made an hour before T0 / T1: younger than a day when it reports. */
  const NEW_AT_T0 = '2026-03-01T09:00:00.000Z';
  const NEW_AT_T1 = '2026-03-02T09:00:00.000Z';

  it("'Fake or scam' reports from accounts younger than a day do not count towards hiding", () => {
    given(
      reported('u-a', 'Fake or scam', T0, { since: NEW_AT_T0 }),
      reported('u-b', 'Fake or scam', T0, { since: NEW_AT_T0 }),
    )
      .when(report('u-c', 'Fake or scam', { since: NEW_AT_T1 }))
      .then([reported('u-c', 'Fake or scam', T1, { since: NEW_AT_T1 })]);
    // Exactly a day old counts.
    given(reported('u-a', 'Fake or scam'), reported('u-b', 'Fake or scam'))
      .when(report('u-c', 'Fake or scam', { since: T0 }))
      .then([reported('u-c', 'Fake or scam', T1, { since: T0 }), hiddenAt(T1)]);
  });

  it('reports from one address count once, however many accounts made them', () => {
    const shared = 'abcdef0123456789';
    given(
      reported('u-a', 'Fake or scam', T0, { address: shared }),
      reported('u-b', 'Fake or scam', T0, { address: shared }),
    )
      .when(report('u-c', 'Fake or scam', { address: shared }))
      .then([reported('u-c', 'Fake or scam', T1, { address: shared })]);
    // Two from one address, one new account and two more from their own addresses: the third counting one hides.
    given(
      reported('u-a', 'Fake or scam', T0, { address: shared }),
      reported('u-b', 'Fake or scam', T0, { address: shared }),
      reported('u-n', 'Fake or scam', T0, { since: NEW_AT_T0 }),
      reported('u-d', 'Fake or scam'),
    )
      .when(report('u-e', 'Fake or scam'))
      .then([reported('u-e', 'Fake or scam', T1), hiddenAt(T1)]);
  });

  it('reports recorded before ages and addresses were count as they did', () => {
    // The same report without the reporter's age and address, recorded before they were.
    const legacy = (reporterId: string): ReportEvent => {
      const { data } = reported(reporterId, 'Fake or scam') as Extract<
        ReportEvent,
        { type: 'ListingReported' }
      >;
      const {
        reporterSince: _since,
        reporterAddress: _address,
        reporterEmailVerified: _verified,
        reporterUpheld: _upheld,
        reporterRejected: _rejected,
        ...before
      } = data;
      return { type: 'ListingReported', data: before };
    };
    given(legacy('u-a'), legacy('u-b'))
      .when(report('u-c', 'Fake or scam'))
      .then([reported('u-c', 'Fake or scam', T1), hiddenAt(T1)]);
  });

  it('an account whose email is not confirmed cannot report (403)', () => {
    given()
      .when(report('u-a', 'Fake or scam', { emailVerified: false }))
      .thenThrows(ForbiddenError, 'Please confirm your email address first');
  });

  it('a brigade of ten new accounts hides nothing, from one address or from ten', () => {
    const brigade = (address: (i: number) => string) =>
      Array.from({ length: 9 }, (_, i) =>
        reported(`u-${i}`, 'Fake or scam', T0, { since: NEW_AT_T0, address: address(i) }),
      );
    given(...brigade(() => 'abcdef0123456789'))
      .when(report('u-9', 'Fake or scam', { since: NEW_AT_T1, address: 'abcdef0123456789' }))
      .then([
        reported('u-9', 'Fake or scam', T1, { since: NEW_AT_T1, address: 'abcdef0123456789' }),
      ]);
    given(...brigade((i) => addressOf(`u-${i}`)))
      .when(report('u-9', 'Fake or scam', { since: NEW_AT_T1 }))
      .then([reported('u-9', 'Fake or scam', T1, { since: NEW_AT_T1 })]);
  });

  it('two reporters whose earlier reports were upheld hide a listing; rejected ones weigh less', () => {
    const trusted = { upheld: 2 };
    given(reported('u-a', 'Fake or scam', T0, trusted))
      .when(report('u-b', 'Fake or scam', trusted))
      .then([reported('u-b', 'Fake or scam', T1, trusted), hiddenAt(T1)]);
    // Three reporters, one of them with two rejected reports: 1 + 1 + 0 is not enough.
    given(reported('u-a', 'Fake or scam'), reported('u-b', 'Fake or scam'))
      .when(report('u-c', 'Fake or scam', { rejected: 2 }))
      .then([reported('u-c', 'Fake or scam', T1, { rejected: 2 })]);
  });

  it('reports closed by a review do not count towards hiding it again', () => {
    given(reported('u-a', 'Fake or scam'), reported('u-b', 'Fake or scam'), {
      type: 'ListingReportsDismissed',
      data: decided,
    })
      .when(report('u-c', 'Fake or scam'))
      .then([reported('u-c', 'Fake or scam', T1)]);
  });
});

describe('reviewing reports', () => {
  const open = reported('u-a', 'Fake or scam');

  it('each decision is an event with the admin id; all but dismiss carry the reason for the owner', () => {
    given(open)
      .when(review('dismiss'))
      .then([{ type: 'ListingReportsDismissed', data: decided }]);
    given(open)
      .when(review('askOwnerToFix', 'Show the real rent'))
      .then([{ type: 'ListingFixRequested', data: { ...decided, reason: 'Show the real rent' } }]);
    given(open)
      .when(review('delist', 'Fake photos'))
      .then([{ type: 'ListingDelistedAfterReview', data: { ...decided, reason: 'Fake photos' } }]);
    given(open)
      .when(review('suspendOwner', 'Scam'))
      .then([{ type: 'ListingOwnerSuspended', data: { ...decided, reason: 'Scam' } }]);
  });

  it('undoing a brigade dismisses the chosen open reports only and ends the hiding', () => {
    const three = ['u-a', 'u-b', 'u-c'].map((u) => reported(u, 'Fake or scam'));
    const hidden: ReportEvent = {
      type: 'ListingHiddenPendingReview',
      data: { listingId, ownerId, at: T0 },
    };
    const genuine = reported('u-g', 'Wrong price or details');
    const undo = review('undoBrigade', undefined, ['r-u-a', 'r-u-b', 'r-u-c']);
    const undone: ReportEvent = {
      type: 'ListingReportBrigadeUndone',
      data: {
        ...decided,
        reports: ['r-u-a', 'r-u-b', 'r-u-c'].map((reportId) => ({
          reportId,
          reason: 'Fake or scam',
        })),
      },
    };
    given(...three, hidden, genuine)
      .when(undo)
      .then([undone]);
    const after = foldReports([...three, hidden, genuine, undone]);
    expect(after.hidden).toBe(false);
    expect(after.open.map((r) => r.reportId)).toEqual(['r-u-g']);
    // Their authors still cannot report the listing again.
    given(...three, hidden, genuine, undone)
      .when(report('u-a', 'Fake or scam'))
      .thenThrows(IllegalStateError, 'You have already reported this listing');
  });

  it('undoing a brigade names open reports of this listing, at least one', () => {
    const open3 = reported('u-a', 'Fake or scam');
    for (const reportIds of [[], ['r-u-x'], ['r-u-a', 'r-u-x']])
      given(open3)
        .when(review('undoBrigade', undefined, reportIds))
        .thenThrows(
          IllegalStateError,
          'Choose the open reports of this listing that are the brigade',
        );
    given(open3).when(review('undoBrigade')).thenThrows(IllegalStateError);
  });

  it('a decision that tells the owner something needs a reason', () => {
    given(open)
      .when(review('delist', '   '))
      .thenThrows(IllegalStateError, 'A reason for the owner is required');
    given(open).when(review('askOwnerToFix')).thenThrows(IllegalStateError);
  });

  it('a decision closes the open reports: a second one has nothing to review', () => {
    given()
      .when(review('dismiss'))
      .thenThrows(IllegalStateError, 'This listing has no reports to review');
    given(open, { type: 'ListingReportsDismissed', data: decided })
      .when(review('delist', 'Fake'))
      .thenThrows(IllegalStateError);
  });

  it('the state keeps the open reports for the queue and clears them on a decision', () => {
    const state = foldReports([open, reported('u-b', 'Already rented', T1)]);
    expect(state.open.map((r) => r.reporterId)).toEqual(['u-a', 'u-b']);
    expect(foldReports([open, { type: 'ListingReportsDismissed', data: decided }]).open).toEqual(
      [],
    );
  });
});

describe('report events', () => {
  it('are registered with their schemas: reasons are exactly the four, notes are bounded', () => {
    expect(() => appEventRegistry.assertValid(reported('u-a', 'Fake or scam'))).not.toThrow();
    const data = { ...reported('u-a', 'Fake or scam').data };
    expect(() =>
      appEventRegistry.assertValid({ type: 'ListingReported', data: { ...data, reason: 'Spam' } }),
    ).toThrow();
    expect(() =>
      appEventRegistry.assertValid({
        type: 'ListingReported',
        data: { ...data, note: 'x'.repeat(501) },
      }),
    ).toThrow();
    expect(() =>
      appEventRegistry.assertValid({
        type: 'AccountSuspended',
        data: { accountId: ownerId, adminId: 'u-admin', listingId, reason: 'Scam', at: T1 },
      }),
    ).not.toThrow();
    expect(reportsStreamId('l-2')).toBe('listing-reports-l-2');
  });
});

describe('free text in decide, whoever calls it', () => {
  it.each([
    ['a NUL byte', 'fake\u0000listing'],
    ['an escape', 'fake \u001b[2J listing'],
    ['501 characters', 'x'.repeat(501)],
  ])('a report whose note has %s is refused', (_, note) => {
    given()
      .when(report('u-1', 'Fake or scam', { note }))
      .thenThrows(ValidationError);
  });
  it('a note may span lines', () => {
    expect(
      decideReports(report('u-1', 'Fake or scam', { note: 'line one\nline two' }), foldReports([])),
    ).toHaveLength(1);
  });
  it('a review reason with a control character is refused', () => {
    given(reported('u-1', 'Fake or scam'))
      .when(review('delist', 'bad\u0000reason'))
      .thenThrows(ValidationError);
    let thrown: unknown;
    try {
      decideReports(
        review('delist', 'bad\u0000reason'),
        foldReports([reported('u-1', 'Fake or scam')]),
      );
    } catch (error) {
      thrown = error;
    }
    expect((thrown as ValidationError).errors).toEqual([
      { path: 'reason', msg: reportMessages.reason },
    ]);
  });
});
