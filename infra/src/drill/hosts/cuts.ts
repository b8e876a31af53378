import { projectionsBehind } from '@rentals/projections/queries/readSideHealth';
import { cut, reconnect, type Host } from './net.ts';
import { HOSTS, type HostsStack } from './hostsStack.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one cut did, for the report and the bars. */
export type CutResult = {
  /** When the host went off the network. */
  at: number;
  host: Host;
  /** The projections' takeover (ms from the cut until the other host owned every projection). */
  takeoverMs?: number;
  /** The Postgres failover: ms from the cut until the promoted standby held the service address. */
  promotedMs?: number;
  note: string;
};

export type CutKind = {
  name: string;
  summary: string;
  /** Cuts the host (and does what the failover needs); resolves once the cluster should be whole again without it. */
  inject: (stack: HostsStack, log: (line: string) => void) => Promise<CutResult>;
  /** Brings the host back (not for the old Postgres primary: it stays fenced off). */
  restore: (stack: HostsStack, result: CutResult) => Promise<void>;
};

/** Until `check` holds, polling; throws after `timeoutMs`, with what `state` says of why. */
const until = async (
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  state?: () => Promise<string>,
) => {
  const deadline = Date.now() + timeoutMs;
  let failed: string | undefined;
  for (;;) {
    const held = await check().catch((e: Error) => {
      failed = e.message;
      return false;
    });
    if (held) return;
    if (Date.now() > deadline) {
      const why = state
        ? await state().catch((e: Error) => `(state unreadable: ${e.message})`)
        : '';
      const error = failed ? `; the last check failed: ${failed}` : '';
      throw new Error(`${what}: not within ${timeoutMs / 1000} s${why ? `; ${why}` : ''}${error}`);
    }
    await pause(100);
  }
};

/** Each behind projection's checkpoint, status, owner and last beat: what a stuck wait needs to say. */
const behindState = async (stack: HostsStack, head: number) => {
  const behind = (await projectionsBehind(stack.sql, head)).map((r) => r.name);
  const rows = await stack.sql<
    {
      name: string;
      position: string;
      status: string;
      error: string | null;
      owner: string | null;
      beat: string | null;
    }[]
  >`
    SELECT c.name, c.position::text, c.status, c.last_error AS error, h.owner, h.beat_at::text AS beat
    FROM projection_checkpoints c LEFT JOIN projection_heartbeats h ON h.projection = c.name
    WHERE c.name = ANY(${behind})`;
  const pids = `projections-1 pid ${stack.pid('projections-1')}, projections-2 pid ${stack.pid('projections-2')}`;
  return `head #${head}, ${pids}; behind: ${rows
    .map(
      (r) =>
        `${r.name} at #${r.position} (${r.status}${r.error ? `: ${r.error}` : ''}; owner ${r.owner ?? 'none'}, beat ${r.beat ?? 'never'})`,
    )
    .join('; ')}`;
};

/**
 * Every projection has applied what was in the log when called (the load goes
 * on meanwhile: what comes later is not waited for).
 */
const appliedUpToNow = async (stack: HostsStack) => {
  let head: number | undefined;
  await until(
    'the projections applying the log',
    async () => {
      // The drill's own connections may have died with the old primary: each query is retried.
      head ??=
        (await stack.sql<{ head: number | null }[]>`SELECT max(position) AS head FROM events`)[0]
          ?.head ?? 0;
      return (await projectionsBehind(stack.sql, head)).length === 0;
    },
    120_000,
    () => behindState(stack, head ?? 0),
  );
};

/** The proxy's stats (CSV) say this web backend is UP. */
const proxySaysUp = async (name: string) => {
  const res = await fetch(`http://${HOSTS.lb.address}:8404/;csv`);
  const rows = (await res.text()).split('\n');
  return rows.some((row) => row.startsWith(`web,${name},`) && row.split(',')[17] === 'UP');
};

export const cutWeb = (n: 1 | 2): CutKind => {
  const h = n === 1 ? HOSTS.web1 : HOSTS.web2;
  return {
    name: `web-${n}`,
    summary: `web host ${h.address} cut off the network`,
    inject: async () => {
      const at = Date.now();
      cut(h);
      await until(
        `web-${n} out of the proxy's rotation`,
        async () => !(await proxySaysUp(`web-${n}`)),
        30_000,
      );
      return {
        at,
        host: h,
        note: `the proxy took it out of the rotation after ${Date.now() - at} ms`,
      };
    },
    restore: async () => {
      reconnect(h);
      await until(`web-${n} back in the proxy's rotation`, () => proxySaysUp(`web-${n}`), 60_000);
    },
  };
};

/** The projections host whose process owns most of the heartbeats. */
const busiestProjections = async (stack: HostsStack) => {
  const rows = await stack.sql<{ owner: string }[]>`SELECT owner FROM projection_heartbeats`;
  const owned = (name: string) =>
    rows.filter((r) => r.owner.endsWith(`:${stack.pid(name)}`)).length;
  const [one, two] = [owned('projections-1'), owned('projections-2')];
  return one >= two
    ? { name: 'projections-1', host: HOSTS.prj1, pid: stack.pid('projections-1')!, owned: one }
    : { name: 'projections-2', host: HOSTS.prj2, pid: stack.pid('projections-2')!, owned: two };
};

export const cutProjections: CutKind = {
  name: 'projections',
  summary: 'the projections host owning most projections cut off the network',
  inject: async (stack, log) => {
    const active = await busiestProjections(stack);
    const at = Date.now();
    cut(active.host);
    // Every projection beats from the other host, later than the cut.
    await until(
      'the standby host owning every projection',
      async () => {
        const [row] = await stack.sql<{ stale: number }[]>`
          SELECT count(*)::int AS stale FROM projection_heartbeats
          WHERE owner LIKE ${`%:${active.pid}`} OR beat_at < to_timestamp(${at / 1000})`;
        return row!.stale === 0;
      },
      60_000,
    );
    const takeoverMs = Date.now() - at;
    log(
      `${active.name} (owned ${active.owned} projections) cut; the other host owned all after ${takeoverMs} ms`,
    );
    return {
      at,
      host: active.host,
      takeoverMs,
      note: `${active.name} cut, takeover ${takeoverMs} ms`,
    };
  },
  restore: async (stack, result) => {
    reconnect(result.host);
    await appliedUpToNow(stack);
  },
};

export const cutMeilisearch = (n: 1 | 2): CutKind => {
  const h = n === 1 ? HOSTS.ms1 : HOSTS.ms2;
  return {
    name: `meilisearch-${n}`,
    summary: `Meilisearch host ${h.address} cut off the network`,
    inject: () => {
      const at = Date.now();
      cut(h);
      return Promise.resolve({ at, host: h, note: 'searches go to the other Meilisearch' });
    },
    restore: async (stack) => {
      reconnect(h);
      await appliedUpToNow(stack);
    },
  };
};

/**
 * The Postgres primary cut off; after the time a failover manager takes to
 * be sure (two seconds of missed checks here), the standby is promoted and
 * takes the service address, and the old primary is fenced (its server
 * stopped: it must never take a write again). It stays off.
 */
export const cutPostgres: CutKind = {
  name: 'postgres',
  summary: 'the Postgres primary cut off, the standby promoted (the service address moves to it)',
  inject: async (stack, log) => {
    const { postgres } = stack;
    const at = Date.now();
    cut(postgres.primary, [postgres.service]);
    await pause(2000);
    await postgres.promote();
    const promotedMs = Date.now() - at;
    await postgres.fence();
    log(
      `standby promoted and holding ${postgres.service.address} after ${promotedMs} ms; the old primary fenced`,
    );
    return { at, host: postgres.primary, promotedMs, note: `promoted after ${promotedMs} ms` };
  },
  restore: appliedUpToNow,
};

/** The short form (CI): one cut of each kind. */
export const SHORT_CUTS: CutKind[] = [cutWeb(1), cutProjections, cutMeilisearch(2), cutPostgres];

/** `npm run drill -- --hosts`: every host but the load balancer and object storage, one after another. */
export const FULL_CUTS: CutKind[] = [
  cutWeb(1),
  cutWeb(2),
  cutProjections,
  cutProjections,
  cutMeilisearch(1),
  cutMeilisearch(2),
  cutPostgres,
];
