import { percentile } from '../../bench/support/stats.ts';
import { SCENARIOS } from '../mix/scenarios.ts';
import type { Inputs } from '../mix/scenario.ts';
import { drive } from './autocannonRunner.ts';
import { REPLACED_BY_DESIGN, sampleMemory, WATCHED, type MemorySample } from './processMemory.ts';
import { newRecorder } from './recorder.ts';
import { rssGrowth } from './rssGrowth.ts';
import { runSetup } from './setupFlow.ts';

/** The steady moderate rate of each scenario in a soak, in requests per second. */
const SOAK_RATES: Record<string, number> = {
  'tenant-search': 30,
  'owner-dashboard': 4,
  'city-regeneration': 8,
};

/** p99 is flat when the last third of the minutes is within this factor of the first third. */
const FLAT_FACTOR = 1.5;

const median = (values: number[]) => percentile(values, 50);

/**
 * `npm run load -- soak`: the three scenarios together at steady moderate
 * rates for `minutes`, with the autocannon runner; reports errors and p99 per
 * minute for each scenario and the resident memory of the target's web and
 * projections processes (from the runner's pid file under `dataDir`), sampled
 * every 10 s: before the load, the median of each minute, and the growth from
 * the second minute's level (warm: JIT, caches, pools) to the last minute's
 * (rssGrowth.ts). Bar (DESIGN §12): 0 errors, RSS growth ≤ 10 %, p99 flat.
 * Returns the report's lines and whether the bar was met.
 */
export const runSoak = async (
  inputs: Inputs,
  options: { baseUrl: string; minutes: number; dataDir: string; log: (line: string) => void },
) => {
  const shared: unknown[] = [];
  for (const scenario of SCENARIOS)
    shared.push(await runSetup(options.baseUrl, scenario.setup(inputs)));
  const memory: MemorySample[] = sampleMemory(options.dataDir);
  const before = [...memory];
  if (before.length === 0)
    options.log(
      `no web/projections pids in ${options.dataDir}/dev.pids.json: RSS is not reported (pass --data-dir of the target's npm run dev)`,
    );
  const sampler = setInterval(() => memory.push(...sampleMemory(options.dataDir)), 10_000);
  const started = Date.now();
  const recorders = SCENARIOS.map(() => newRecorder());
  const progress = setInterval(() => {
    const minute = Math.round((Date.now() - started) / 60_000);
    const sent = recorders.reduce((n, r) => n + r.samples().length, 0);
    options.log(`minute ${minute} of ${options.minutes}: ${sent} requests`);
  }, 60_000);
  try {
    await Promise.all(
      SCENARIOS.map((scenario, i) =>
        drive(scenario, shared[i], inputs, recorders[i]!, {
          baseUrl: options.baseUrl,
          seconds: options.minutes * 60,
          connections: 4,
          rate: SOAK_RATES[scenario.name],
          firstIteration: i * 1_000_000_000,
        }),
      ),
    );
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
  }
  const after = sampleMemory(options.dataDir);
  memory.push(...after);

  const lines: string[] = [];
  const minuteOf = (s: { at: number }) => Math.floor((s.at - started) / 60_000);
  const minutes = Math.max(1, Math.ceil((Date.now() - started) / 60_000));
  lines.push(
    `| Minute | requests | errors | ${SCENARIOS.map((s) => `${s.name} p99 ms`).join(' | ')} | ${WATCHED.map((n) => `${n} RSS MB`).join(' | ')} |`,
    `|---|---|---|${[...SCENARIOS, ...WATCHED].map(() => '---').join('|')}|`,
  );
  const p99s: number[][] = SCENARIOS.map(() => []);
  let errors = 0;
  for (let m = 0; m < minutes; m++) {
    const per = recorders.map((r) => r.samples().filter((s) => minuteOf(s) === m));
    const all = per.flat();
    const failed = all.filter((s) => !s.ok).length;
    errors += failed;
    const cells = per.map((samples, i) => {
      const p = percentile(
        samples.filter((s) => s.status !== null).map((s) => s.ms),
        99,
      );
      if (Number.isFinite(p)) p99s[i]!.push(p);
      return Number.isFinite(p) ? p.toFixed(1) : '–';
    });
    // Each process's median in the minute, so growth shows as a slope or a plateau.
    const rss = WATCHED.map((name) => {
      const mbs = memory.filter((s) => s.name === name && minuteOf(s) === m).map((s) => s.mb);
      return mbs.length > 0 ? percentile(mbs, 50).toFixed(0) : '–';
    });
    if (all.length > 0)
      lines.push(
        `| ${m + 1} | ${all.length} | ${failed} | ${cells.join(' | ')} | ${rss.join(' | ')} |`,
      );
  }

  // Flatness: the first and the last third of the minutes (without the first minute when there are enough).
  const flat = SCENARIOS.map((scenario, i) => {
    const series = p99s[i]!.length >= 4 ? p99s[i]!.slice(1) : p99s[i]!;
    const third = Math.max(1, Math.floor(series.length / 3));
    const first = median(series.slice(0, third));
    const last = median(series.slice(-third));
    return { name: scenario.name, first, last, ok: last <= first * FLAT_FACTOR };
  });

  lines.push(
    '',
    '| Process | pid | RSS before MB | minute 2 MB (median) | last minute MB (median) | at the end MB | growth |',
  );
  lines.push('|---|---|---|---|---|---|---|');
  const growth: { name: string; ok: boolean }[] = [];
  for (const name of WATCHED) {
    const of = memory.filter((s) => s.name === name);
    const start = before.find((s) => s.name === name);
    const end = after.find((s) => s.name === name);
    const g = rssGrowth(of, started, Date.now());
    if (!g || !end) continue;
    const replaced = REPLACED_BY_DESIGN.has(name);
    growth.push({ name, ok: g.growth <= 0.1 && (replaced || !g.restarted) });
    const pids = [...new Set(of.map((s) => s.pid))];
    lines.push(
      `| ${name} | ${replaced && pids.length > 2 ? `${pids[0]} … ${pids.at(-1)} (${pids.length}, replaced by design)` : pids.join(' → ')}${g.restarted && !replaced ? ' (restarted)' : ''} | ${start?.mb.toFixed(0) ?? '–'} | ${g.warm.toFixed(0)} | ${g.end.toFixed(0)} | ${end.mb.toFixed(0)} | ${(g.growth * 100).toFixed(1)} % |`,
    );
  }
  lines.push(
    '',
    `errors: ${errors} (bar 0)`,
    `p99 flat (median of the last third of the minutes ≤ ${FLAT_FACTOR}× the first third's): ${flat
      .map(
        (f) =>
          `${f.name} ${f.first.toFixed(1)} → ${f.last.toFixed(1)} ms ${f.ok ? 'flat' : 'RISING'}`,
      )
      .join('; ')}`,
    `RSS growth ≤ 10 % (minute 2's median to the last minute's): ${growth.length === 0 ? 'not measured' : growth.map((g) => `${g.name} ${g.ok ? 'ok' : 'OVER'}`).join(', ')}`,
  );
  return {
    lines,
    ok: errors === 0 && flat.every((f) => f.ok) && growth.length > 0 && growth.every((g) => g.ok),
  };
};
