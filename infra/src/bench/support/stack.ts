import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { createSql, type Sql } from '@rentals/core/db';
import { ensureCheckpoint } from '@rentals/projections/runner/checkpoints';
import { readSideProjections } from '@rentals/projections/registry';
import { startProjection } from '@rentals/projections/runner/runner';
import type { Meilisearch } from 'meilisearch';
import { createMeili } from '@rentals/projections/queries/meili';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { ensureListingsIndex } from '@rentals/projections/search/listingsIndex';
import { rebuildSearchIndex } from '@rentals/projections/search/rebuildSearchIndex';
import {
  LISTINGS_SEARCH_PROJECTION,
  createSearchProjection,
} from '@rentals/projections/search/searchProjection';
import { startServers } from '@rentals/testing/servers';
import { createDatabase } from '@rentals/testing/database';
import {
  AlreadyRunningError,
  acquireInstanceLock,
  recordChildren,
} from '../../dev/instanceLock.ts';
import { generatedListing } from './listingGenerator.ts';

export const BENCH_LISTINGS = Number(process.env.BENCH_LISTINGS ?? 200_000);
/** Where the bench stack keeps its servers' data (and bench:bulk its public site) between runs. */
export const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'rentals-bench');
const MEILI_KEY = 'bench-master-key-0123456789abcdef';
/** Postgres's own log, kept between runs (appended): why it ended a session, a checkpoint, a crash-restart. */
export const POSTGRES_LOG = join(BENCH_DIR, 'postgres.log');

export type BenchStack = {
  sql: Sql;
  databaseUrl: string;
  meiliUrl: string;
  meiliKey: string;
  meili: Meilisearch;
  stop: () => Promise<void>;
};

const log = (line: string) => console.log(`[bench] ${line}`);

/** The processes a benchmark started beside its servers (API, projections), for the next run to stop if it died. */
const CHILDREN_FILE = join(BENCH_DIR, 'bench.pids.json');

/** Records a child process of this benchmark (see CHILDREN_FILE). */
export const recordBenchChild = (name: string, pid: number | undefined) => {
  if (pid === undefined) return;
  let pids: Record<string, number> = {};
  try {
    pids = JSON.parse(readFileSync(CHILDREN_FILE, 'utf8')) as Record<string, number>;
  } catch {
    // none recorded yet
  }
  return recordChildren(CHILDREN_FILE, { ...pids, [name]: pid });
};

/**
 * Its own Postgres and Meilisearch (kept in BENCH_DIR between runs so the
 * 200k seed is built once), migrated, seeded and with every read model and
 * the search index caught up with the log.
 */
export const startBenchStack = async (): Promise<BenchStack> => {
  // One benchmark per BENCH_DIR: a second one's launchers would stop this one's Postgres and Meilisearch.
  const lock = await acquireInstanceLock(join(BENCH_DIR, 'bench.lock'), CHILDREN_FILE, log, {
    what: 'benchmark',
    hint: 'Wait for it to end, or set BENCH_DIR to a separate data directory.',
  }).catch((error: unknown) => {
    if (!(error instanceof AlreadyRunningError)) throw error;
    console.error(`[bench] ${error.message}`);
    return process.exit(2);
  });
  await recordChildren(CHILDREN_FILE, {});
  const servers = await startServers({
    dir: BENCH_DIR,
    password: 'bench',
    meiliKey: MEILI_KEY,
    postgresLogFile: POSTGRES_LOG,
  }).catch(async (error: unknown) => {
    await lock.release();
    throw error;
  });
  const stopAll = async () => {
    await servers.stop();
    await lock.release();
  };
  // A crash or Ctrl-C must not leave the servers running (they would hold BENCH_DIR's data).
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));
  try {
    const db = await createDatabase(servers.pgAdminUrl, { name: 'bench', max: 20 });
    const meili = createMeili({ url: servers.meiliUrl, key: MEILI_KEY }, 60_000);
    await seed(db.sql, db.url, BENCH_LISTINGS);
    await catchUp(db.sql, meili);
    return {
      sql: db.sql,
      databaseUrl: db.url,
      meiliUrl: servers.meiliUrl,
      meiliKey: MEILI_KEY,
      meili,
      stop: async () => {
        await db.sql.end({ timeout: 5 });
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};

/** Appends listings until `count` exist, plus a rent change for every tenth and a delisting for every 25th. */
const seed = async (sql: Sql, databaseUrl: string, count: number) => {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM streams WHERE stream_type = ${LISTING_STREAM_TYPE}`;
  const have = row?.n ?? 0;
  if (have >= count) return;
  log(`seeding listings ${have} → ${count}`);
  // Seeding only: no fsync wait per append (connections opened later, for the benchmarks, commit normally).
  await sql`ALTER DATABASE bench SET synchronous_commit = off`;
  const fast = createSql(databaseUrl, { max: 16 });
  // One query first: the client learns the array types on its first connection, which appends need.
  await fast`SELECT 1`;
  const store = createEventStore(fast);
  const started = Date.now();
  // Earlier interrupted runs may have left gaps: append exactly the missing listings.
  const existing = new Set(
    (await sql<{ stream_id: string }[]>`SELECT stream_id FROM streams`).map((r) => r.stream_id),
  );
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
      const created = generatedListing(n, `owner-${n % 2000}`, at);
      if (existing.has(listingStreamId(created.data.listingId))) continue;
      const events = [
        created,
        ...(n % 10 === 0
          ? [
              {
                type: 'ListingRentChanged',
                data: {
                  listingId: created.data.listingId,
                  at,
                  rent: created.data.rent + 1000,
                  rentType: created.data.rentType,
                  previousRent: created.data.rent,
                  previousRentType: created.data.rentType,
                },
              },
            ]
          : []),
        ...(n % 25 === 0
          ? [
              {
                type: 'ListingDelisted',
                data: { listingId: created.data.listingId, at, city: created.data.location.city },
              },
            ]
          : []),
      ];
      await store.append(listingStreamId(created.data.listingId), LISTING_STREAM_TYPE, 0, events, {
        userId: created.data.ownerId,
      });
      if (n % 20_000 === 0)
        log(`  ${n} listings (${Math.round(n / ((Date.now() - started) / 1000))}/s)`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await fast.end();
  await sql`ALTER DATABASE bench RESET synchronous_commit`;
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

/** An index left by an earlier version of the code (other document shape, wrong count) is rebuilt. */
const indexLooksCurrent = async (sql: Sql, meili: Meilisearch) => {
  const stats = await meili
    .index(LISTINGS_INDEX)
    .getStats()
    .catch(() => ({ numberOfDocuments: -1 }));
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM listing_read WHERE is_available`;
  const sample = await meili
    .index(LISTINGS_INDEX)
    .getDocuments({ limit: 1 })
    .catch(() => ({ results: [] as Record<string, unknown>[] }));
  // Documents of the current shape display their id only.
  const first = sample.results[0] ?? {};
  return stats.numberOfDocuments === row?.n && !('property' in first) && !('_geo' in first);
};

/** Brings the read models and the search index up to the end of the log (the index by a bulk rebuild when empty). */
export const catchUp = async (sql: Sql, meili: Meilisearch) => {
  const search = await ensureCheckpoint(sql, LISTINGS_SEARCH_PROJECTION);
  if (search.position === 0 || !(await indexLooksCurrent(sql, meili))) {
    log('building the search index');
    const result = await rebuildSearchIndex(sql, meili);
    await sql`UPDATE projection_checkpoints SET transaction_id = ${result.checkpoint.transactionId}::xid8,
              position = ${result.checkpoint.position} WHERE name = ${LISTINGS_SEARCH_PROJECTION}`;
  }
  // Settings as code: an index built by an earlier version gets the current settings (Meilisearch reindexes).
  await ensureListingsIndex(meili);
  const projections = readSideProjections(createSearchProjection(() => ({ sql, meili })));
  const runners = projections.map((p) =>
    startProjection(sql, p, { batchSize: 2000, pollIntervalMs: 50 }),
  );
  await Promise.all(runners.map((r) => r.whenCaughtUp(1_800_000)));
  await Promise.all(runners.map((r) => r.stop()));
  log('read models and search index caught up');
};
