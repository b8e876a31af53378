import { INBOX_CHANNEL } from '../queries/conversations.ts';
import { sql, type Statement } from '../runner/statement.ts';
import type { Percolation } from './alertChecks.ts';
import { NumberLists } from './numberLists.ts';
import type { NumberMarks } from './numberMarks.ts';
import { REALERT_AFTER_MS } from './percolate.ts';
import type { IndexedSearch } from './searchIndex.ts';

// Step 4 of the alerts projection's in-memory batch (alertsMemory.ts): each test's outcome
// against what the listing matched and announced before, and the statements that record them.

/** A listing's announcements within REALERT_AFTER of the batch, and those it makes, in log order. */
export type Announced = Map<string, { atMs: number; nos: ArrayLike<number> }[]>;

/** Search numbers in order, as listing_search_matches holds them. */
export type Numbers = Int32Array | number[];

/** What the batch's listings matched before it. */
export type Before = { matches: ReadonlyMap<string, Numbers>; announced: Announced };

/** The batch's outcome: each listing's final matches, its announcements in log order, the users to wake. */
export type Outcome = {
  matchesNow: Map<string, Numbers>;
  /** Listing, time, and its searches (all, and those quiet then). */
  announcements: { ids: string[]; ats: string[]; nos: NumberLists; quiet: NumberLists };
  wake: Set<string>;
};

/** Reused sets of search numbers: a test's known searches, and the searches whose users a batch wakes. */
export type Marks = { known: NumberMarks; woken: NumberMarks };

export const pushAnnounced = (
  announced: Announced,
  listingId: string,
  atMs: number,
  nos: ArrayLike<number>,
) => (announced.get(listingId) ?? announced.set(listingId, []).get(listingId)!).push({ atMs, nos });

/** The searches' numbers in order, as the stored arrays hold them. */
const sortedNumbers = (searches: readonly IndexedSearch[]) => {
  const nos = new Int32Array(searches.length);
  for (let i = 0; i < searches.length; i++) nos[i] = searches[i]!.no;
  return nos.sort();
};

const sameNumbers = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Marks in `known` what the listing matched before and announced within a day of `p`; false if nothing. */
const markKnown = (
  known: NumberMarks,
  before: ArrayLike<number> | undefined,
  announced: Announced,
  p: Percolation,
) => {
  known.clear();
  let anyKnown = false;
  if (before && before.length > 0) {
    anyKnown = true;
    for (let k = 0; k < before.length; k++) known.mark(before[k]!);
  }
  for (const a of announced.get(p.listingId) ?? [])
    if (a.atMs > p.atMs - REALERT_AFTER_MS && a.nos.length > 0) {
      anyKnown = true;
      for (let k = 0; k < a.nos.length; k++) known.mark(a.nos[k]!);
    }
  return anyKnown;
};

/** One test's outcome: its matches now, and an announcement of the searches it newly matches. */
const settle = (
  outcome: Outcome,
  before: Before,
  marks: Marks,
  p: Percolation,
  ok: ReadonlySet<number> | undefined,
) => {
  const hit = ok ? p.sure.concat(p.check.filter((s) => ok.has(s.no))) : p.sure;
  const hitNos = sortedNumbers(hit);
  const previous = outcome.matchesNow.get(p.listingId) ?? before.matches.get(p.listingId);
  outcome.matchesNow.set(p.listingId, hitNos);
  // A relist after a let matches again without being announced (percolate.ts's `silent`).
  if (p.silent) return;
  // What the listing already matched, and what it announced within a day, is not new.
  const anyKnown = markKnown(marks.known, previous, before.announced, p);
  // The searches as they were at the event (quiet: alerts off then).
  const added = anyKnown ? hit.filter((s) => !marks.known.has(s.no)) : hit;
  if (added.length === 0) return;
  const nos = added.length === hit.length ? hitNos : sortedNumbers(added);
  pushAnnounced(before.announced, p.listingId, p.atMs, nos);
  const quiet: number[] = [];
  for (const s of added) {
    if (s.quiet) quiet.push(s.no);
    else if (marks.woken.add(s.no)) outcome.wake.add(s.userId);
  }
  const { announcements } = outcome;
  announcements.ids.push(p.listingId);
  announcements.ats.push(p.at);
  announcements.nos.add(nos);
  announcements.quiet.add(quiet.sort((a, b) => a - b));
};

/** Each test's outcome against what was known, in log order (`passed`: the checks Postgres passed, by test). */
export const outcomeOf = (
  percolations: readonly Percolation[],
  passed: ReadonlyMap<number, ReadonlySet<number>>,
  before: Before,
  marks: Marks,
): Outcome => {
  const outcome: Outcome = {
    matchesNow: new Map(),
    announcements: { ids: [], ats: [], nos: new NumberLists(), quiet: new NumberLists() },
    wake: new Set(),
  };
  marks.woken.clear();
  percolations.forEach((p, i) => settle(outcome, before, marks, p, passed.get(i)));
  return outcome;
};

/** listing_search_matches as the batch leaves it: rows whose matches changed, written or cleared. */
export const matchStatements = (
  matchesNow: ReadonlyMap<string, Numbers>,
  matchesBefore: ReadonlyMap<string, Numbers>,
): Statement[] => {
  const statements: Statement[] = [];
  const kept = { ids: [] as string[], nos: new NumberLists() };
  const cleared: string[] = [];
  for (const [id, nos] of matchesNow) {
    const before = matchesBefore.get(id) ?? [];
    if (sameNumbers(before, nos)) continue;
    if (nos.length > 0) {
      kept.ids.push(id);
      kept.nos.add(nos);
    } else cleared.push(id);
  }
  if (kept.ids.length > 0)
    statements.push(sql`
        INSERT INTO listing_search_matches AS m (listing_id, search_nos)
        SELECT u.listing_id, n.nos[u.s:u.e]
        FROM (SELECT ${kept.nos.literal()}::int4[] AS nos) n,
          unnest(${kept.ids}::text[], ${kept.nos.starts}::int4[], ${kept.nos.ends}::int4[]) AS u(listing_id, s, e)
        ON CONFLICT (listing_id) DO UPDATE SET search_nos = excluded.search_nos`);
  if (cleared.length > 0)
    statements.push(
      sql`DELETE FROM listing_search_matches WHERE listing_id = ANY(${cleared}::text[])`,
    );
  return statements;
};

/** The announcements and the wake-ups. */
export const announcementStatements = ({ announcements, wake }: Outcome): Statement[] => {
  const statements: Statement[] = [];
  // In log order: the announcements' ids are the order the bell and the mailer read them in.
  const { nos, quiet } = announcements;
  if (announcements.ids.length > 0)
    statements.push(
      sql`
        INSERT INTO listing_search_alerts (listing_id, at, search_nos, quiet_nos)
        SELECT u.listing_id, u.at, n.nos[u.s:u.e], q.nos[u.qs:u.qe]
        FROM (SELECT ${nos.literal()}::int4[] AS nos) n, (SELECT ${quiet.literal()}::int4[] AS nos) q,
          unnest(${announcements.ids}::text[], ${announcements.ats}::timestamptz[], ${nos.starts}::int4[],
                 ${nos.ends}::int4[], ${quiet.starts}::int4[], ${quiet.ends}::int4[])
            WITH ORDINALITY AS u(listing_id, at, s, e, qs, qe, ord)
        ORDER BY u.ord`,
    );
  if (wake.size > 0)
    statements.push(
      sql`SELECT pg_notify(${INBOX_CHANNEL}, u) FROM unnest(${[...wake]}::text[]) AS u`,
    );
  return statements;
};
