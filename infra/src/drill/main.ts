// `npm run drill`: the slow fault drills (docs/OPERATIONS.md, "Drills"). Starts its own stack
// (`npm run dev` on free ports and a temporary DATA_DIR, seeded), puts a bounded load of owner
// writes and tenant reads on it through the HTTP API, and in turn kills (or pauses) each of its
// processes. For each scenario: every request's outcome against the bar (bar.ts), the time until
// the stack had recovered, `npm run verify`, and every acknowledged write looked up in the log,
// the read models, the index, the pages and the media store. Exits 1 on any breach.
import { readdirSync } from 'node:fs';
import { checkAcknowledged } from './acknowledged.ts';
import { checkWriteFates } from './writeFates.ts';
import { parseCommandArgs } from '../cli/args.ts';
import { newLedger, prepareLoad, type Ledger } from './load.ts';
import { resultDetails, resultTable } from './report.ts';
import { runScenario, type ScenarioResult } from './run.ts';
import { registeredScenarios, type Scenario } from './scenario.ts';
import type { Stack } from './stack.ts';

const USAGE = `usage: npm run drill [-- --only <scenario>[,<scenario>…]] [--duration <seconds>] [--rate <requests/s>]
                       [--listings <n>] [--keep] [--list] [--hosts]
  --only      run only these scenarios (default: all; --list names them)
  --duration  seconds of load per scenario, the fault a third of the way in (default 20)
  --rate      requests per second of the standard mix, writes and reads together (default 20)
  --listings  listings seeded before the first scenario (default 3000)
  --keep      keep the temporary data directory (logs, media) afterwards
  --hosts     instead: the multi-host drill (hosts/), each host in its own network namespace,
              one cut after another (--duration seconds each); needs root and iproute2`;

const args = parseCommandArgs(
  {
    only: { type: 'string', multiple: true },
    duration: { type: 'string', default: '20' },
    rate: { type: 'string', default: '20' },
    listings: { type: 'string', default: '3000' },
    keep: { type: 'boolean' },
    list: { type: 'boolean' },
    hosts: { type: 'boolean' },
  },
  USAGE,
);
const usageError = (message: string): never => {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
};
const number = (name: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    usageError(`--${name} must be a number from ${min} to ${max} (got "${raw}")`);
  return value;
};
const durationMs = number('duration', args.duration, 6, 3600) * 1000;
const rate = number('rate', args.rate, 1, 500);
const listings = Math.round(number('listings', args.listings, 10, 200_000));

const say = (label: string) => (line: string) =>
  console.log(`${new Date().toISOString().slice(11, 19)} ${label.padEnd(18)} ${line}`);

if (args.hosts) {
  const { runHostsCli } = await import('./hosts/cli.ts');
  process.exit(await runHostsCli({ phaseMs: durationMs, rate, listings, say: say('hosts') }));
}

// Every file under scenarios/ registers one scenario.
const dir = new URL('./scenarios/', import.meta.url);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort())
  await import(new URL(file, dir).href);
const all = registeredScenarios();

if (args.list) {
  for (const s of all) console.log(`${s.name.padEnd(20)} ${s.summary} (stack: ${s.stack.name})`);
  process.exit(0);
}
const only = (args.only ?? []).flatMap((o) => o.split(',')).filter((o) => o !== '');
for (const name of only)
  if (!all.some((s) => s.name === name))
    usageError(`no scenario is called ${name}; there are ${all.map((s) => s.name).join(', ')}`);
const chosen = only.length > 0 ? all.filter((s) => only.includes(s.name)) : all;

// Scenarios of one stack kind share one stack, in the order of their first scenario.
const groups = new Map<string, Scenario[]>();
for (const s of chosen) groups.set(s.stack.name, [...(groups.get(s.stack.name) ?? []), s]);

let running: Stack | undefined;
process.on('SIGINT', () => {
  say('drill')('interrupted; stopping the stack');
  void (running?.stop() ?? Promise.resolve()).then(() => process.exit(130));
});

const results: ScenarioResult[] = [];
const rerun: string[] = [];
let failed = false;
const started = Date.now();
for (const [kind, scenarios] of groups) {
  const stack = await scenarios[0]!.stack.start({
    listings,
    keep: args.keep ?? false,
    log: say(`${kind} stack`),
  });
  running = stack;
  try {
    const load = await prepareLoad(stack);
    for (const [i, scenario] of scenarios.entries()) {
      const log = say(scenario.name);
      log(`${scenario.summary}: ${durationMs / 1000} s of load at ${rate} requests/s`);
      const result = await runScenario(scenario, stack, load, {
        durationMs,
        rate,
        seed: i + 1,
        log,
      });
      results.push(result);
      for (const breach of result.breaches) log(`BREACH: ${breach}`);
      if (result.breaches.length > 0) failed = true;
    }
    // A later fault must not take back what an earlier scenario was told had been written.
    const whole: Ledger = newLedger();
    for (const r of results.filter((r) => scenarios.some((s) => s.name === r.name))) {
      for (const [id, c] of r.ledger.creates) whole.creates.set(id, c);
      whole.updates.push(...r.ledger.updates);
      for (const id of r.ledger.deletes) whole.deletes.add(id);
      whole.createTitles.push(...r.ledger.createTitles);
      whole.refused.push(...r.ledger.refused);
    }
    const again = await checkAcknowledged(stack, whole);
    rerun.push(
      `${kind} stack: all ${again.writes} acknowledged writes of its scenarios checked again at the end: ${again.lost.length} lost`,
    );
    if (again.lost.length > 0) {
      failed = true;
      for (const line of again.lost.slice(0, 20)) say('drill')(`BREACH: lost: ${line}`);
    }
    // A write cut at its deadline may land after its scenario's own look.
    const fates = await checkWriteFates(stack, whole);
    rerun.push(
      `${kind} stack: all ${fates.refused} write attempts answered non-2xx checked again at the end: ${fates.ghosts.length} applied anyway; ${fates.duplicates.length} of ${fates.creates} creates made duplicate listings`,
    );
    if (fates.ghosts.length + fates.duplicates.length > 0) failed = true;
  } catch (error) {
    failed = true;
    say('drill')(`error: ${(error as Error).stack ?? String(error)}`);
    say('drill')(`the stack's runner said:\n${stack.output()}`);
  } finally {
    await stack.stop();
    running = undefined;
  }
}

console.log(`\n${resultTable(results)}\n`);
console.log(resultDetails(results));
for (const line of rerun) console.log(line);
console.log(
  `\n${results.length} scenario(s) in ${((Date.now() - started) / 1000).toFixed(0)} s: ${failed ? 'FAILED' : 'every scenario met the bar'}`,
);
process.exit(failed ? 1 : 0);
