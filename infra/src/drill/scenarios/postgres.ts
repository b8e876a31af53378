import { createSql } from '@rentals/core/db';
import { photoMessages } from '@rentals/api/media/photoRules';
import { devStack } from '../devStack.ts';
import type { Outcome } from '../load.ts';
import { killProcess, scenario, type Fault } from '../scenario.ts';
import type { Stack } from '../stack.ts';

/** Postgres is killed this many times, each once the previous restart has answered for a while. */
const RESTARTS = 3;
/** The bar: once Postgres answers again, no request may fail for want of it after this long. */
const RECOVERY_BAR_MS = 5_000;
const BACK_TIMEOUT_MS = 60_000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** When Postgres answers a fresh connection again (the drill's own pool may hold dead ones). */
const postgresBack = async (stack: Stack) => {
  const until = Date.now() + BACK_TIMEOUT_MS;
  for (;;) {
    const sql = createSql(stack.databaseUrl, { max: 1, connectTimeoutSeconds: 2 });
    try {
      await sql`SELECT 1`;
      return Date.now();
    } catch {
      if (Date.now() > until)
        throw new Error(`Postgres did not answer within ${BACK_TIMEOUT_MS} ms`);
      await pause(100);
    } finally {
      await sql.end({ timeout: 1 }).catch(() => undefined);
    }
  }
};

/** Each restart: when it was killed and when it answered again. */
let restarts: { kill: number; back: number }[] = [];

/** A request that failed as an outage would (5xx other than the photo pool's load shedding, or no answer). */
const failedForOutage = (o: Outcome) =>
  (o.status === null || o.status >= 500) && !(o.status === 503 && o.message === photoMessages.busy);

// The database goes away mid-write, several times: requests get 503 + Retry-After until the
// runner has restarted it (crash recovery on the same data directory); web and projections
// reconnect without dying (run.ts fails the drill on any process the fault did not kill that
// died), and no request fails more than 5 s after Postgres answers again.
scenario({
  name: 'postgres',
  summary: `kill -9 of Postgres (the postmaster), ${RESTARTS} times`,
  order: 50,
  stack: devStack,
  inject: async ({ stack, log }): Promise<Fault> => {
    restarts = [];
    const killed: Fault['killed'] = [];
    for (let i = 0; i < RESTARTS; i++) {
      // Past the 5 s bar, with 3 s in which a request that still fails is measured.
      if (i > 0) await pause(RECOVERY_BAR_MS + 3_000);
      const fault = killProcess(stack, 'postgres');
      killed.push(...fault.killed);
      const back = await postgresBack(stack);
      restarts.push({ kill: fault.start, back });
      log(`restart ${i + 1}: Postgres answered again ${back - fault.start} ms after the kill`);
    }
    const first = restarts[0]!.kill;
    const last = restarts.at(-1)!.kill;
    return {
      start: first,
      end: last,
      killed,
      note: `${RESTARTS} kills; back after ${restarts.map((r) => r.back - r.kill).join(', ')} ms`,
    };
  },
  check: ({ recorder }) => {
    // Late: sent more than 5 s after Postgres answered again, and not still in flight at the next kill.
    const restartOf = (o: Outcome) => restarts.findLastIndex((r) => r.kill <= o.start);
    const late = recorder.outcomes.filter((o) => {
      if (!failedForOutage(o)) return false;
      const i = restartOf(o);
      const next = restarts[i + 1];
      return (
        i >= 0 && o.start > restarts[i]!.back + RECOVERY_BAR_MS && !(next && o.end >= next.kill)
      );
    });
    const kinds = new Map<string, number>();
    for (const o of late) {
      const kind = o.status === null ? `no answer (${o.error})` : String(o.status);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const summary = [...kinds].map(([k, n]) => `${n} × ${k}`).join(', ');
    const worst = Math.max(0, ...late.map((o) => o.start - restarts[restartOf(o)]!.back));
    return Promise.resolve({
      lines: [
        `requests failed more than ${RECOVERY_BAR_MS / 1000} s after Postgres answered again: ${late.length}${late.length ? ` (${summary}; the latest sent ${(worst / 1000).toFixed(1)} s after)` : ''}`,
      ],
      breaches:
        late.length > 0
          ? [
              `${late.length} request(s) failed more than ${RECOVERY_BAR_MS / 1000} s after Postgres was back (${summary}; up to ${(worst / 1000).toFixed(1)} s after)`,
            ]
          : [],
    });
  },
});
