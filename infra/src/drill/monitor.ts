import { projectionsBehind } from '@rentals/projections/queries/readSideHealth';
import { sampleHealth, type HealthSample } from './health.ts';
import type { Fault } from './scenario.ts';
import type { Stack } from './stack.ts';

const EVERY_MS = 250;

/** Every projection with a live worker that beat after `since`, and the product `ok`. */
const running = (sample: HealthSample, since: number) => {
  const projections = sample.health?.projections ?? [];
  return (
    sample.ready === 200 &&
    sample.health?.status === 'ok' &&
    projections.length > 0 &&
    projections.every(
      (p) => p.status === 'running' && p.lastSeenAt !== null && Date.parse(p.lastSeenAt) > since,
    )
  );
};

/**
 * Looks at the stack every 250 ms while a scenario runs, and times its
 * recovery from the fault in two steps:
 * - **back**: every killed process runs again under a new pid, readiness is
 *   200, the product says `ok` (Meilisearch answering, searches on it again)
 *   and every projection has a live worker that beat after the fault;
 * - **caught up**: every projection has applied every event of its types
 *   committed up to that moment (the backlog the fault left; writes keep
 *   coming meanwhile).
 * Also adds up how long readiness (`/api/health/ready`) was not 200.
 */
export const startMonitor = (stack: Stack) => {
  const samples: HealthSample[] = [];
  let fault: Fault | undefined;
  let back: { at: number; head: number } | undefined;
  let caughtUpAt: number | undefined;
  let stopped = false;

  const restarted = (f: Fault) =>
    f.killed.every(({ name, pid }) => {
      const now = stack.pid(name);
      return now !== undefined && now !== pid;
    });

  const look = async () => {
    const sample = await sampleHealth(stack.url);
    samples.push(sample);
    if (!fault || sample.at < fault.end) return;
    if (!back && restarted(fault) && running(sample, fault.end)) {
      const [row] = await stack.sql<
        { head: number | null }[]
      >`SELECT max(position) AS head FROM events`;
      back = { at: sample.at, head: row?.head ?? 0 };
    }
    if (
      back &&
      caughtUpAt === undefined &&
      (await projectionsBehind(stack.sql, back.head)).length === 0
    )
      caughtUpAt = Date.now();
  };

  const loop = (async () => {
    while (!stopped) {
      // The database may be gone mid-fault; the next look tries again.
      await look().catch(() => undefined);
      await new Promise((r) => setTimeout(r, EVERY_MS));
    }
  })();

  return {
    faulted: (f: Fault) => {
      fault = f;
    },
    backAt: () => back?.at,
    caughtUpAt: () => caughtUpAt,
    notReadyMs: () => {
      if (!fault) return 0;
      let total = 0;
      for (let i = 0; i + 1 < samples.length; i++) {
        const s = samples[i]!;
        if (s.at >= fault.start && s.ready !== 200) total += samples[i + 1]!.at - s.at;
      }
      return total;
    },
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
};
