import { percentile } from '../bench/support/stats.ts';
import type { ScenarioResult } from './run.ts';

const seconds = (ms: number | undefined) =>
  ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`;

const failedCell = (r: ScenarioResult) => {
  const total = [...r.failures.values()].reduce((n, f) => n + f.count, 0);
  if (total === 0) return '0';
  const kinds = [...r.failures].map(([kind, f]) => `${f.count} ${kind}`).join('; ');
  return `${total}: ${kinds}`;
};

/** The figures of each scenario as a Markdown table (what docs/OPERATIONS.md records). */
export const resultTable = (results: ScenarioResult[]) => {
  const rows = results.map((r) => {
    const latencies = r.outcomes.map((o) => o.end - o.start);
    const writes = r.outcomes.filter((o) =>
      ['create', 'update', 'delete', 'upload'].includes(o.op),
    );
    return [
      r.name,
      `${r.outcomes.length} (${writes.length} writes)`,
      failedCell(r),
      latencies.length ? `${percentile(latencies, 99)} / ${Math.max(...latencies)} ms` : '—',
      seconds(r.notReadyMs),
      `${seconds(r.backMs)} / ${seconds(r.caughtUpMs)}`,
      r.verify
        ? r.verify.ok
          ? r.verify.summary.startsWith('exit')
            ? 'clean on a second run'
            : 'clean'
          : 'DIFFERENCES'
        : '—',
      r.acknowledged ? `${r.acknowledged.writes} / ${r.acknowledged.lost.length}` : '—',
      r.fates
        ? `${r.fates.ghosts.length} of ${r.fates.refused} / ${r.fates.duplicates.length}`
        : '—',
      String(r.deaths.length),
      r.breaches.length === 0 ? 'passed' : `FAILED (${r.breaches.length})`,
    ];
  });
  const header = [
    'Scenario',
    'Requests',
    'Failed (kinds)',
    'p99 / max latency',
    'Not ready',
    'Back / caught up after',
    'verify',
    'Acked writes / lost',
    'Refused writes applied / duplicate creates',
    'Unexpected deaths',
    'Bar',
  ];
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
};

/** What the table has no room for: the fault, each scenario's own checks, verify's counts, every breach. */
export const resultDetails = (results: ScenarioResult[]) =>
  results
    .flatMap((r) => [
      `${r.name}:`,
      ...(r.fault?.note ? [`  fault: ${r.fault.note}`] : []),
      ...(r.check?.lines ?? []).map((l) => `  ${l}`),
      ...(r.fates
        ? [
            `  writes: ${r.fates.creates} creates sent (Idempotency-Key reused on each retry), ${r.fates.refused} attempts answered non-2xx, ${r.fates.ghosts.length} of them applied anyway, ${r.fates.duplicates.length} duplicate listing(s)`,
          ]
        : []),
      ...(r.verify ? [`  npm run verify: ${r.verify.summary}`] : []),
      ...r.breaches.map((b) => `  BREACH: ${b}`),
    ])
    .join('\n');
