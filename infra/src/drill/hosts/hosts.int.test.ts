// The multi-host drill's short form (npm run drill -- --hosts runs the full one): the cluster as
// separate hosts, each in its own network namespace, under load; one cut of each kind — a web
// host, the busiest projections host, a Meilisearch host, the Postgres primary (the standby
// promoted). Runs as root with iproute2 (npm run test:int provisions it). The report's timings
// (the projections takeover against its 5 s bar) are printed; the drill, not this test, holds them.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SHORT_CUTS } from './cuts.ts';
import { reportLines, runHostsDrill, type HostsDrillReport } from './hostsDrill.ts';
import { HOSTS_DATA_DIR } from './hostsStack.ts';
import { removeNetwork } from './net.ts';

/** The hosts' logs are kept here (small) when the data goes: what a failed run needs read. */
const KEPT_LOGS = `${HOSTS_DATA_DIR}-logs`;

afterAll(() => {
  removeNetwork();
  const logs = join(HOSTS_DATA_DIR, 'logs');
  rmSync(KEPT_LOGS, { recursive: true, force: true });
  if (existsSync(logs)) cpSync(logs, KEPT_LOGS, { recursive: true });
  // Two Postgres and two Meilisearch with the geocoder's places: about 1.5 GB.
  rmSync(HOSTS_DATA_DIR, { recursive: true, force: true });
});

it('loses no acknowledged write and leaves each client at most one retried request per cut', async () => {
  const report: HostsDrillReport = await runHostsDrill({
    cuts: SHORT_CUTS,
    phaseMs: 15_000,
    rate: 10,
    listings: 300,
    log: (line) => console.log(`hosts drill: ${line}`),
  });
  for (const line of reportLines(report)) console.log(`hosts drill: ${line}`);

  expect(report.cuts.map((c) => c.name)).toEqual([
    'web-1',
    'projections',
    'meilisearch-2',
    'postgres',
  ]);
  expect(report.acknowledged.writes).toBeGreaterThan(0);
  expect(report.acknowledged.lost).toEqual([]);
  expect(report.verify.differences).toEqual([]);
  expect(report.verify.ok).toBe(true);
  for (const cut of report.cuts) {
    const byClient = new Map<string, number>();
    for (const r of cut.retried) {
      byClient.set(r.client, (byClient.get(r.client) ?? 0) + 1);
      expect(r, `${cut.name}: a retry that failed too`).toMatchObject({ ok: true });
    }
    for (const [client, count] of byClient) expect(count, `${cut.name}: ${client}`).toBe(1);
    const refused = [...cut.failures].filter(([, f]) => !f.allowed).map(([kind]) => kind);
    expect(refused, `${cut.name}: failures the bar never allows`).toEqual([]);
  }
  // The standby host took every projection over (how fast is the drill's bar, printed above).
  expect(report.cuts.find((c) => c.name === 'projections')!.result.takeoverMs).toBeGreaterThan(0);
  // Postgres was failed over: the promoted standby holds the service address.
  expect(report.cuts.find((c) => c.name === 'postgres')!.result.promotedMs).toBeGreaterThan(0);
}, 900_000);
