import type { Sql } from '@rentals/core/db';
import { clusterStack } from '../devStack.ts';
import { killProcess, scenario, type Fault } from '../scenario.ts';
import type { Stack } from '../stack.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The projections process whose pid owns the heartbeats (the one holding the locks). */
const activeProjections = async (stack: Stack) => {
  const rows = await stack.sql<{ owner: string }[]>`SELECT owner FROM projection_heartbeats`;
  for (const name of ['projections-1', 'projections-2']) {
    const pid = stack.pid(name);
    if (pid !== undefined && rows.some((r) => r.owner.endsWith(`:${pid}`))) return name;
  }
  throw new Error('no projections process owns a heartbeat');
};

/** Milliseconds until every projection beats from another process than `pid`, after `since`. */
const takeover = async (sql: Sql, pid: number, since: number, timeoutMs = 30_000) => {
  for (;;) {
    const [row] = await sql<{ stale: number }[]>`
      SELECT count(*)::int AS stale FROM projection_heartbeats
      WHERE owner LIKE ${`%:${pid}`} OR beat_at < to_timestamp(${since / 1000})`;
    if (row!.stale === 0) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`no takeover within ${timeoutMs} ms`);
    await pause(50);
  }
};

// Two of everything behind the proxy: one web process, then the active projections process, then
// one Meilisearch die in turn. The proxy retries idempotent requests on the other web process, the
// standby takes the projections over, searches go to the other replica.
scenario({
  name: 'cluster',
  summary: 'behind the proxy: kill -9 of web-1, the active projections process, meilisearch-2',
  order: 70,
  stack: clusterStack,
  inject: async ({ stack, log }): Promise<Fault> => {
    const start = Date.now();
    const web = killProcess(stack, 'web-1');
    await pause(3000);
    const active = await activeProjections(stack);
    const projections = killProcess(stack, active);
    const took = await takeover(stack.sql, projections.killed[0]!.pid, projections.start);
    log(`${active} killed; the standby owned every projection after ${took} ms`);
    await pause(2000);
    const meili = killProcess(stack, 'meilisearch-2');
    return {
      start,
      end: meili.end,
      killed: [...web.killed, ...projections.killed, ...meili.killed],
      note: `projections takeover ${took} ms (${active} killed)`,
    };
  },
});
