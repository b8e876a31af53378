import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lateRequestsSettled } from './lateRequests.ts';
import { photoQueueSettled } from './photoQueue.ts';
import { checkAcknowledged, type AcknowledgedReport } from './acknowledged.ts';
import { judge } from './bar.ts';
import { runCommand } from './commands.ts';
import {
  newLedger,
  startLoad,
  type Ledger,
  type LoadContext,
  type Outcome,
  type Recorder,
} from './load.ts';
import { startMonitor } from './monitor.ts';
import { checkWriteFates, type WriteFates } from './writeFates.ts';
import type { Fault, Scenario, ScenarioCheck, ScenarioContext } from './scenario.ts';
import type { Stack } from './stack.ts';

/** How long the stack may take to recover after the fault before the drill gives up on it. */
const RECOVERY_LIMIT_MS = 120_000;

export type ScenarioResult = {
  name: string;
  outcomes: Outcome[];
  /** The scenario's acknowledged writes, checked again after the last scenario. */
  ledger: Ledger;
  /** Failed requests by kind, with whether the bar allows them. */
  failures: Map<string, { count: number; allowed: boolean; ops: Map<string, number> }>;
  fault?: Fault;
  /** ms from the fault until the stack was back (monitor.ts; undefined: not within the limit). */
  backMs?: number;
  /** ms from the fault until the projections had caught up with what was written until then. */
  caughtUpMs?: number;
  notReadyMs: number;
  verify?: { ok: boolean; summary: string; differences: string[] };
  acknowledged?: AcknowledgedReport;
  /** Writes answered non-2xx that landed anyway, and creates that made more than one listing. */
  fates?: WriteFates;
  /** Processes the fault did not kill that died meanwhile. */
  deaths: string[];
  check?: ScenarioCheck;
  /** Everything that fails the drill, one line each. */
  breaches: string[];
};

/** The last error line in a process's log (DATA_DIR/logs/<name>.log): what it likely died of. */
const lastError = (dataDir: string, name: string) => {
  const file = join(dataDir, 'logs', `${name}.log`);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .findLast((l) => /error|uncaught|unhandled/i.test(l))
    ?.slice(0, 240);
};

/**
 * Every process the fault did not kill must run under the pid it had before it: one that
 * changed (or is gone) died meanwhile and was restarted by the supervisor, which the health
 * figures alone can hide (issue 39: the projections process dying on a Postgres restart).
 */
const unexpectedDeaths = (
  stack: Stack,
  before: Record<string, number>,
  after: Record<string, number>,
  fault: Fault,
) =>
  Object.entries(before)
    .filter(([name, pid]) => !fault.killed.some((k) => k.name === name) && after[name] !== pid)
    .map(([name, pid]) => {
      const error = lastError(stack.dataDir, name);
      return `process ${name} died during the fault though the drill did not kill it (pid ${pid}, now ${after[name] ?? 'not running'})${error ? `; its log's last error: ${error}` : ''}`;
    });

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

/** `npm run verify` against the stack: exit status, the counts, and the differences it lists. */
export const verifyStack = async (stack: Stack) => {
  await photoQueueSettled(stack);
  const { code, output } = await runCommand('infra/src/cli/verify.ts', ['--wait', '60'], stack.env);
  const lines = output.split('\n');
  const counts = lines.find((l) => l.startsWith('event log:')) ?? '';
  const differences = lines.filter((l) => l.startsWith('difference:'));
  return {
    ok: code === 0,
    summary: code === 0 ? `clean (${counts.replace('event log: ', '')})` : `exit ${code}`,
    differences: code === 0 ? [] : differences.length > 0 ? differences : lines.slice(-5),
  };
};

/**
 * One scenario: the standard load (and the scenario's own) for `durationMs`,
 * the fault a third of the way in, the load kept up until the stack has
 * recovered, then the bar applied to every request, the scenario's own
 * checks, `npm run verify`, and every acknowledged write looked up.
 */
export const runScenario = async (
  scenario: Scenario,
  stack: Stack,
  load: LoadContext,
  options: { durationMs: number; rate: number; seed: number; log: (line: string) => void },
): Promise<ScenarioResult> => {
  const recorder: Recorder = { outcomes: [] };
  const ctx: ScenarioContext = {
    stack,
    load,
    recorder,
    ledger: newLedger(),
    durationMs: options.durationMs,
    log: options.log,
  };
  const result: ScenarioResult = {
    name: scenario.name,
    outcomes: recorder.outcomes,
    ledger: ctx.ledger,
    failures: new Map(),
    notReadyMs: 0,
    deaths: [],
    breaches: [],
  };
  const monitor = startMonitor(stack);
  const started = Date.now();
  let pidsBefore: Record<string, number> | undefined;
  const loads = [
    startLoad(load, {
      rate: options.rate,
      label: scenario.name,
      recorder,
      ledger: ctx.ledger,
      seed: options.seed,
    }),
    ...(scenario.extraLoad ? [scenario.extraLoad(ctx)] : []),
  ];
  try {
    await sleepUntil(started + options.durationMs / 3);
    pidsBefore = stack.pids();
    const fault = await scenario.inject(ctx);
    result.fault = fault;
    monitor.faulted(fault);
    options.log(
      `fault at +${((fault.start - started) / 1000).toFixed(1)} s${fault.note ? `: ${fault.note}` : ''}`,
    );
    await sleepUntil(started + options.durationMs);
    // The load goes on until the stack has recovered (searches bring the engine back, for one).
    const limit = fault.end + RECOVERY_LIMIT_MS;
    while (monitor.caughtUpAt() === undefined && Date.now() < limit)
      await new Promise((r) => setTimeout(r, 250));
  } finally {
    await Promise.all(loads.map((l) => l.stop()));
    await monitor.stop();
  }
  const fault = result.fault;
  result.deaths = unexpectedDeaths(stack, pidsBefore ?? {}, stack.pids(), fault);
  for (const death of result.deaths) result.breaches.push(death);
  const backAt = monitor.backAt();
  const caughtUpAt = monitor.caughtUpAt();
  result.notReadyMs = monitor.notReadyMs();
  if (backAt !== undefined) result.backMs = backAt - fault.start;
  if (caughtUpAt !== undefined) result.caughtUpMs = caughtUpAt - fault.start;
  if (caughtUpAt === undefined)
    result.breaches.push(
      `did not recover within ${RECOVERY_LIMIT_MS / 1000} s of the fault (${backAt === undefined ? 'never back' : 'back, but the projections did not catch up'})`,
    );
  const secs = (ms?: number) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`);
  options.log(
    `${recorder.outcomes.length} requests; back after ${secs(result.backMs)}, caught up after ${secs(result.caughtUpMs)}`,
  );

  // Requests sent before the stack was back may have failed (within the kinds the bar allows).
  const outage = { start: fault.start, end: backAt ?? Infinity };
  for (const outcome of recorder.outcomes) {
    const failure = judge(outcome, outage);
    if (!failure) continue;
    const entry = result.failures.get(failure.kind) ?? {
      count: 0,
      allowed: failure.allowed,
      ops: new Map<string, number>(),
    };
    entry.count++;
    entry.ops.set(outcome.op, (entry.ops.get(outcome.op) ?? 0) + 1);
    result.failures.set(failure.kind, entry);
  }
  for (const [kind, { count, allowed, ops }] of result.failures)
    if (!allowed) {
      const first = recorder.outcomes.filter((o) => judge(o, outage)?.kind === kind).slice(0, 3);
      const when = first
        .map(
          (o) =>
            `${o.op} sent at ${((o.start - fault.start) / 1000).toFixed(1)} s, ${o.end - o.start} ms`,
        )
        .join('; ');
      result.breaches.push(
        `${count} request(s): ${kind} (${[...ops].map(([op, n]) => `${op} ${n}`).join(', ')}; e.g. ${when} from the fault)`,
      );
    }

  if (scenario.check) {
    result.check = await scenario.check(ctx, fault);
    result.breaches.push(...result.check.breaches);
  }
  const unsettled = await lateRequestsSettled(stack.dataDir);
  if (unsettled.length > 0)
    options.log(
      `${unsettled.length} request(s) cut at the deadline never reported their outcome (their web process died?)`,
    );
  result.verify = await verifyStack(stack);
  if (!result.verify.ok) {
    // Requests the client gave up on may still be landing (verify folds the log, then reads each
    // store): look again once they must have, and say both.
    const first = result.verify;
    await new Promise((r) => setTimeout(r, 15_000));
    const again = await verifyStack(stack);
    result.verify = {
      ...again,
      summary: `exit 1 right after the load (${first.differences.length} difference(s)); 15 s later: ${again.summary}`,
    };
    if (again.ok)
      result.breaches.push(
        `npm run verify right after the load: ${first.differences.slice(0, 3).join('; ')} (clean 15 s later)`,
      );
  }
  if (!result.verify.ok)
    result.breaches.push(`npm run verify: ${result.verify.differences.slice(0, 5).join('; ')}`);
  result.fates = await checkWriteFates(stack, ctx.ledger);
  const { ghosts, duplicates } = result.fates;
  if (ghosts.length > 0)
    result.breaches.push(
      `${ghosts.length} write(s) answered non-2xx were applied anyway: ${ghosts.slice(0, 3).join('; ')}`,
    );
  if (duplicates.length > 0)
    result.breaches.push(
      `${duplicates.length} retried create(s) made duplicate listings: ${duplicates.slice(0, 3).join('; ')}`,
    );
  result.acknowledged = await checkAcknowledged(stack, ctx.ledger);
  for (const line of result.acknowledged.lost.slice(0, 20)) result.breaches.push(`lost: ${line}`);
  return result;
};
