/**
 * `npm run load -- <scenario> [options]`: one load scenario against a running
 * stack (BASE_URL, default the dev stack's http://localhost:3000), with k6
 * when `k6` is on the PATH and with the autocannon runner otherwise; both
 * send the scenario's requests (mix/*.ts) and print the same table.
 *
 *   tenant-search | owner-dashboard | city-regeneration
 *   soak                   the three together at steady moderate rates (autocannon runner)
 *   --duration <s|Nm>      how long (default 30 s)
 *   --connections <n>      connections / VUs (default 8)
 *   --rate <n>             requests per second, all connections together (default: as fast as answered)
 *   --runner k6|autocannon force one
 *   --minutes <n>          soak length (default 30)
 *   --data-dir <dir>       soak: the target's DATA_DIR, for its processes' RSS (default DATA_DIR or .data)
 *   --write-inputs         only write data/places.json and data/photo.jpg for a `k6 run` by hand
 *
 * The load homeowners publish listings, which needs a confirmed email: a run first confirms them by
 * the link in their verification email, read from the target's mail catcher (MAIL_WEB_URL, default
 * the dev stack's http://localhost:1080).
 *
 * Exit status 1 when a request failed or a p99 bar was missed (k6: its own code).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENARIOS } from './mix/scenarios.ts';
import { loadInputs, writeInputs } from './runner/inputs.ts';
import { k6Available, runK6 } from './runner/k6Runner.ts';
import { runScenario } from './runner/runScenario.ts';
import { runSoak } from './runner/soak.ts';
import { confirmPublishingOwners } from './runner/confirmOwners.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const seconds = (raw: string) => {
  const m = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(raw);
  if (!m) throw new Error(`--duration must be seconds (30, 30s) or minutes (2m), not '${raw}'`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
};
const positive = (name: string, fallback?: number) => {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`--${name} must be a positive number, not '${raw}'`);
  return n;
};

const usage = () =>
  [
    'npm run load -- <scenario> [--duration 30s] [--connections 8] [--rate N] [--runner k6|autocannon]',
    'npm run load -- soak [--minutes 30] [--data-dir DIR]',
    '',
    ...SCENARIOS.map((s) => `  ${s.name.padEnd(18)} ${s.about}`),
    `  ${'soak'.padEnd(18)} all three at steady moderate rates; errors, p99 per minute, RSS`,
  ].join('\n');

const main = async () => {
  const name = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (args.includes('--help') || (!name && !args.includes('--write-inputs'))) {
    console.log(usage());
    return 0;
  }
  const baseUrl = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const inputs = await loadInputs();
  if (args.includes('--write-inputs')) {
    await writeInputs(inputs);
    console.log('wrote infra/src/load/data/places.json and photo.jpg');
    return 0;
  }
  const log = (line: string) => console.log(`[load] ${line}`);
  // The owners the scenarios sign in as publish listings: their addresses must be confirmed.
  if (name !== 'tenant-search')
    await confirmPublishingOwners(
      baseUrl,
      (process.env.MAIL_WEB_URL ?? 'http://localhost:1080').replace(/\/$/, ''),
      log,
    );

  if (name === 'soak') {
    const minutes = positive('minutes', 30)!;
    const dataDir = resolve(ROOT, option('data-dir') ?? process.env.DATA_DIR ?? '.data');
    log(`soak: ${minutes} min against ${baseUrl}, RSS of ${dataDir}/dev.pids.json`);
    const { lines, ok } = await runSoak(inputs, { baseUrl, minutes, dataDir, log });
    console.log(`\n${lines.join('\n')}`);
    return ok ? 0 : 1;
  }

  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) {
    console.error(`unknown scenario '${name}'\n\n${usage()}`);
    return 2;
  }
  const runOptions = {
    baseUrl,
    seconds: seconds(option('duration') ?? '30'),
    connections: positive('connections', 8)!,
    rate: positive('rate'),
  };
  const runner = option('runner') ?? (k6Available() ? 'k6' : 'autocannon');
  log(
    `${scenario.name} with ${runner} against ${baseUrl}: ${runOptions.seconds} s, ${runOptions.connections} connections${runOptions.rate ? `, ${runOptions.rate} req/s` : ''}`,
  );
  if (runner === 'k6') {
    await writeInputs(inputs);
    return runK6(scenario, runOptions);
  }
  const result = await runScenario(scenario, inputs, runOptions);
  console.log(`\n${result.table}\n\nstatuses: ${result.statuses.join('; ')}`);
  for (const row of result.overBar)
    console.log(
      `p99 of ${row.kind} ${row.p99.toFixed(1)} ms is over its bar of ${scenario.p99Bars?.[row.kind]} ms`,
    );
  const errors = result.rows.reduce((n, r) => n + r.errors, 0);
  return errors === 0 && result.overBar.length === 0 ? 0 : 1;
};

process.exitCode = await main();
