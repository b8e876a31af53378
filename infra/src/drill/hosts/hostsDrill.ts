import { checkAcknowledged } from '../acknowledged.ts';
import { judge } from '../bar.ts';
import { newLedger, prepareLoad, startLoad, type Outcome } from '../load.ts';
import { verifyStack } from '../run.ts';
import { createWriterListing, startClients, type Retried } from './clients.ts';
import type { CutKind, CutResult } from './cuts.ts';
import { startHostsStack, type HostsStack } from './hostsStack.ts';

/** The projections standby must own every projection within this long of the cut. */
export const TAKEOVER_BAR_MS = 5000;

export type CutReport = {
  name: string;
  result: CutResult;
  /** Requests of the open-loop load (load.ts) and those that failed, by kind (bar.ts's words). */
  requests: number;
  failures: Map<string, { count: number; allowed: boolean; example: string }>;
  /** The retrying clients' requests that needed their retry. */
  retried: Retried[];
};

export type HostsDrillReport = {
  cuts: CutReport[];
  verify: { ok: boolean; summary: string; differences: string[] };
  acknowledged: { writes: number; lost: string[] };
  breaches: string[];
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const failuresOf = (outcomes: Outcome[], outage: { start: number; end: number }) => {
  const failures = new Map<string, { count: number; allowed: boolean; example: string }>();
  for (const o of outcomes) {
    const failure = judge(o, outage);
    if (!failure) continue;
    const example = `${o.op}: ${(o.message ?? o.error ?? '').replace(/\s+/g, ' ').slice(0, 80)}`;
    const entry = failures.get(failure.kind) ?? { count: 0, allowed: failure.allowed, example };
    entry.count++;
    failures.set(failure.kind, entry);
  }
  return failures;
};

/** The breaches of one cut against the bars: the retries the clients needed, the takeover. */
const cutBreaches = (report: CutReport) => {
  const breaches: string[] = [];
  const byClient = new Map<string, Retried[]>();
  for (const r of report.retried) byClient.set(r.client, [...(byClient.get(r.client) ?? []), r]);
  for (const [client, retried] of byClient) {
    const list = retried.map((r) => `${r.first} → ${r.retry}`).join(', ');
    if (retried.length > 1)
      breaches.push(`${report.name}: the ${client} retried ${retried.length} requests (${list})`);
    else if (!retried[0]!.ok)
      breaches.push(`${report.name}: the ${client}'s retry failed too (${list})`);
  }
  // What bar.ts never allows (a 500, a 503 without Retry-After, no answer within 10 s, a failure after recovery).
  for (const [kind, { count, allowed, example }] of report.failures)
    if (!allowed)
      breaches.push(`${report.name}: ${count} request(s) of the load: ${kind} (e.g. ${example})`);
  const takeover = report.result.takeoverMs;
  if (takeover !== undefined && takeover > TAKEOVER_BAR_MS)
    breaches.push(
      `${report.name}: the projections standby took ${takeover} ms to take over (bar ${TAKEOVER_BAR_MS} ms)`,
    );
  return breaches;
};

type DrillOptions = Parameters<typeof runHostsDrill>[0];

/** What every cut of one drill shares: the stack, the load, the writers' listing and the ledger. */
type CutRun = {
  stack: HostsStack;
  load: Awaited<ReturnType<typeof prepareLoad>>;
  writerListing: string;
  ledger: ReturnType<typeof newLedger>;
  options: DrillOptions;
};

/**
 * One cut under load: the cut a third into the phase, the host back at two thirds, the load on
 * to the end; reports what failed while the host was away.
 */
const runCut = async (
  { stack, load, writerListing, ledger, options }: CutRun,
  kind: CutKind,
  i: number,
): Promise<CutReport> => {
  const { log } = options;
  log(`${kind.name}: ${kind.summary}`);
  const recorder = { outcomes: [] as Outcome[] };
  const running = startLoad(load, {
    rate: options.rate,
    label: `hosts ${kind.name}`,
    recorder,
    ledger,
    seed: i + 1,
  });
  const clients = startClients(load, writerListing, kind.name);
  const started = Date.now();
  await pause(options.phaseMs / 3);
  const result = await kind.inject(stack, log);
  await pause(started + (options.phaseMs * 2) / 3 - Date.now());
  await kind.restore(stack, result);
  const restored = Date.now();
  await pause(started + options.phaseMs - Date.now());
  await running.stop();
  const { retried, rents, requests } = await clients.stop();
  ledger.updates.push(...rents);
  // The bar (bar.ts) allows retryable failures from the cut until the host is back (or, for
  // Postgres, the new primary has caught the read side up).
  const back = restored;
  const report: CutReport = {
    name: kind.name,
    result,
    requests: recorder.outcomes.length + requests,
    failures: failuresOf(recorder.outcomes, { start: result.at, end: back }),
    retried,
  };
  const failed =
    [...report.failures].map(([k, { count }]) => `${count} × ${k}`).join('; ') || 'none';
  log(
    `${kind.name}: ${result.note}; ${report.requests} requests, failed: ${failed}; the clients retried ${retried.length}`,
  );
  return report;
};

/** `npm run verify`, and again 15 s later when it failed; a late clean run is noted, not a breach. */
const verifyTwice = async (stack: HostsStack) => {
  let verify = await verifyStack(stack);
  const late: string[] = [];
  if (!verify.ok) {
    // As run.ts does: look again once anything still landing must have, and say both.
    const first = verify;
    await pause(15_000);
    const again = await verifyStack(stack);
    verify = {
      ...again,
      summary: `exit 1 after the last cut (${first.differences.join('; ')}); 15 s later: ${again.summary}`,
    };
    if (again.ok)
      late.push(
        `npm run verify after the last cut: ${first.differences.slice(0, 3).join('; ')} (clean 15 s later)`,
      );
  }
  return { verify, late };
};

/**
 * The multi-host drill: the cluster as separate hosts (hostsStack.ts), the
 * standard load (load.ts) and two retrying clients through the proxy, and
 * one host after another cut off the network (cuts.ts). Each cut lasts
 * `phaseMs`: the cut a third in, the host back (except the old Postgres
 * primary) at two thirds, the load on until the host has rejoined. At the
 * end `npm run verify` and every acknowledged write looked up.
 */
export const runHostsDrill = async (options: {
  cuts: CutKind[];
  phaseMs: number;
  rate: number;
  listings: number;
  log: (line: string) => void;
  /** Called with the stack once it runs (to stop it when interrupted). */
  onStack?: (stack: HostsStack) => void;
}): Promise<HostsDrillReport> => {
  const { log } = options;
  const stack = await startHostsStack({ listings: options.listings, log });
  options.onStack?.(stack);
  try {
    const load = await prepareLoad(stack);
    const writerListing = await createWriterListing(load);
    const ledger = newLedger();
    ledger.creates.set(writerListing, { title: 'Hosts drill writer flat', photos: 0 });
    const cuts: CutReport[] = [];
    for (const [i, kind] of options.cuts.entries()) {
      cuts.push(await runCut({ stack, load, writerListing, ledger, options }, kind, i));
      await stack.caughtUp(120_000);
    }
    const { verify, late } = await verifyTwice(stack);
    const acknowledged = await checkAcknowledged(stack, ledger);
    const breaches = [
      ...cuts.flatMap(cutBreaches),
      ...late,
      ...(verify.ok ? [] : [`npm run verify: ${verify.differences.slice(0, 5).join('; ')}`]),
      ...acknowledged.lost.slice(0, 20).map((line) => `lost: ${line}`),
    ];
    return { cuts, verify, acknowledged, breaches };
  } catch (error) {
    log(`the hosts said:\n${stack.output()}`);
    throw error;
  } finally {
    await stack.stop();
  }
};

/** The report as lines for the terminal. */
export const reportLines = (report: HostsDrillReport) => [
  ...report.cuts.map((c) => {
    const failed =
      [...c.failures].map(([k, { count }]) => `${count} × ${k}`).join('; ') || 'none failed';
    const retried =
      c.retried.map((r) => `${r.client}: ${r.first} → ${r.retry}`).join(', ') || 'no retry';
    return `${c.name.padEnd(14)} ${c.result.note}; ${c.requests} requests (${failed}); ${retried}`;
  }),
  `npm run verify: ${report.verify.summary}`,
  `acknowledged writes: ${report.acknowledged.writes}, lost: ${report.acknowledged.lost.length}`,
  ...report.breaches.map((b) => `BREACH: ${b}`),
];
