// Two Meilisearch servers, each fed by its own search projection: both converge with their own
// checkpoints, searches spread over both, a SIGKILLed one costs no request, and it converges again
// when it is back.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createMeili } from '@rentals/projections/queries/meili';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import {
  createSearchProjection,
  LISTINGS_SEARCH_PROJECTION,
  searchProjectionName,
} from '@rentals/projections/search/searchProjection';
import { rebuildProjection } from '@rentals/projections/runner/rebuild';
import { propertyServices } from '@rentals/api/properties/services';
import {
  createSearchReplicas,
  REPLICA_LAG_LIMIT,
} from '@rentals/projections/queries/searchReplicas';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { silentLogger } from '@rentals/core/logger';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testDatabase } from '@rentals/testing/testDatabase';
import { searchable, seedCorpus } from '@rentals/testing/corpus';
import { startReadSide } from '@rentals/testing/readSide';
import { testApp, type TestApp } from '@rentals/testing/testApp';
import { startMeiliServer, type MeiliServer } from '../services/meiliServer.ts';
import { freePort } from '../services/ports.ts';
import { checkConsistency } from './consistency.ts';

const index = `listings_r_${randomBytes(4).toString('hex')}`;
const key = inject('meiliKey');
let dir: string;
let port: number;
let second: MeiliServer;
let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let owner: string;
let token: string;
let listed = 0;

const startSecond = () =>
  startMeiliServer({ dataDir: join(dir, 'meili'), binDir: join(dir, 'bin'), port, masterKey: key });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rentals-replica-'));
  port = await freePort();
  second = await startSecond();
  t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key, index, replicas: [second.url] } },
  });
  const user = await t.registerUser('homeowner');
  owner = user.user._id;
  token = user.token;
  readSide = startReadSide(t.db.sql, {
    url: inject('meiliUrl'),
    key,
    index,
    replicas: [second.url],
  });
}, 60_000);
afterAll(async () => {
  await readSide.stop();
  await t.close();
  await second.stop();
  await rm(dir, { recursive: true, force: true });
});

const seed = async (count: number) => {
  listed += searchable(await seedCorpus(t.deps.eventStore, [owner], count)).length;
};

/** Documents each index holds, straight from each Meilisearch. */
const indexCounts = async () =>
  Promise.all(
    [inject('meiliUrl'), second.url].map(
      async (url) =>
        (
          await searchInMeili(
            createMeili({ url, key }),
            'full',
            {
              sort: 'newest',
              page: 1,
              limit: 1,
            },
            index,
          )
        ).total,
    ),
  );

const checkpoints = async () =>
  Object.fromEntries(
    (
      await t.db.sql<{ name: string; position: number }[]>`
        SELECT name, position FROM projection_checkpoints WHERE name LIKE ${`${LISTINGS_SEARCH_PROJECTION}%`}`
    ).map((r) => [r.name, r.position]),
  );

const search = (q?: string) =>
  t.request<{ totalCount: number }>('GET', `/api/properties${q ? `?q=${q}` : ''}`, { token });

const localHealth = () =>
  t.request<{
    status: string;
    meilisearch: { ok: boolean; servers: { url: string; projection: string; ok: boolean }[] };
  }>('GET', '/api/health');

it('fills each index through its own projection and checkpoint', async () => {
  await seed(30);
  await readSide.caughtUp({ timeoutMs: 120_000 });
  expect(await indexCounts()).toEqual([listed, listed]);
  const [{ max } = { max: 0 }] = await t.db.sql<{ max: number }[]>`
    SELECT max(position)::int AS max FROM events`;
  expect(await checkpoints()).toEqual({
    [searchProjectionName(0)]: max,
    [searchProjectionName(1)]: max,
  });
  expect(searchProjectionName(1)).toBe(`${LISTINGS_SEARCH_PROJECTION}#2`);
}, 150_000);

it('spreads searches over both replicas, round robin', async () => {
  // A word only the second index holds, on a real listing (a page shows only listings the read
  // model has): its count shows who answered.
  const secondIndex = createMeili({ url: second.url, key }).index(index);
  const [original] = (await secondIndex.getDocuments<Record<string, unknown>>({ limit: 1 }))
    .results;
  if (!original) throw new Error('the second index holds no listing');
  await secondIndex
    .addDocuments([{ ...original, title: `${String(original.title)} zanzibarmarker` }])
    .waitTask({ timeout: 60_000 });
  const totals = [];
  for (let i = 0; i < 4; i++) {
    const res = await search('zanzibarmarker');
    expect(res.status).toBe(200);
    totals.push(res.body.totalCount);
  }
  expect(totals.sort()).toEqual([0, 0, 1, 1]);
  await secondIndex.addDocuments([original]).waitTask({ timeout: 60_000 });
  expect(
    propertyServices(t.deps)
      .search.status()
      .replicas.map((r) => r.state),
  ).toEqual(['up', 'up']);
});

it('answers every search from the other replica while one is killed, and it converges when back', async () => {
  second.process.kill('SIGKILL');
  await new Promise((r) => second.process.once('exit', r));

  // Searches in a row and at once: each answers, from Meilisearch (not the Postgres fallback).
  const answers = [
    ...(await Promise.all(Array.from({ length: 6 }, () => search()))),
    ...(await Promise.all(Array.from({ length: 6 }, () => search()))),
  ];
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  expect(answers.map((a) => a.body.totalCount)).toEqual(answers.map(() => listed));
  const status = propertyServices(t.deps).search.status();
  expect(status.engine).toBe('meilisearch');
  expect(status.replicas.map((r) => r.state)).toEqual(['up', 'down']);

  const health = await localHealth();
  expect(health.status).toBe(200);
  expect(health.body.status).toBe('degraded');
  expect(health.body.meilisearch.servers.map((s) => [s.projection, s.ok])).toEqual([
    [searchProjectionName(0), true],
    [searchProjectionName(1), false],
  ]);
  expect((await t.request<{ status: string }>('GET', '/api/health/ready')).body).toEqual({
    status: 'degraded',
  });

  // Writes go on; the live replica keeps up, the dead one's projection waits.
  await seed(10);
  await readSide.caughtUp({ timeoutMs: 60_000, except: [searchProjectionName(1)] });
  await search().then((r) => expect(r.body.totalCount).toBe(listed));

  second = await startSecond();
  await readSide.caughtUp({ timeoutMs: 60_000 });
  expect(await indexCounts()).toEqual([listed, listed]);
  // Searches find the replica again once its back-off has passed.
  await expect
    .poll(
      async () => {
        await search();
        return propertyServices(t.deps)
          .search.status()
          .replicas.map((r) => r.state);
      },
      { timeout: 10_000, interval: 100 },
    )
    .toEqual(['up', 'up']);
  expect((await localHealth()).body.status).toBe('ok');
}, 150_000);

it('asks a replica whose projection lags only when no current one answers', async () => {
  // A log of its own, where the second replica's projection is far behind and the first is at the head.
  const db = await testDatabase();
  try {
    const lagging = Array.from({ length: REPLICA_LAG_LIMIT + 1 }, () => listingCreated('lag-1'));
    await appendListingEvents(createEventStore(db.sql), 'lag-1', lagging);
    await db.sql`
      INSERT INTO projection_checkpoints (name, transaction_id, position, status)
      SELECT ${searchProjectionName(0)}, transaction_id, position, 'running'
      FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1`;
    await db.sql`
      INSERT INTO projection_checkpoints (name, status) VALUES (${searchProjectionName(1)}, 'running')`;
    await db.sql`
      INSERT INTO projection_heartbeats (projection, owner, beat_at)
      VALUES (${searchProjectionName(0)}, 'test', now() + interval '1 hour'),
             (${searchProjectionName(1)}, 'test', now() + interval '1 hour')`;
    const marker = { id: 'lag-marker', title: 'quokkamarker', isAvailable: true, createdAt: 0 };
    await createMeili({ url: second.url, key })
      .index(index)
      .addDocuments([marker])
      .waitTask({ timeout: 60_000 });
    const pool = (first: string) =>
      createSearchReplicas({
        sql: db.sql,
        urls: [first, second.url],
        key,
        index,
        timeoutMs: 1500,
        log: silentLogger,
        clock: () => new Date(),
      });
    const criteria = { q: 'quokkamarker', sort: 'newest', page: 1, limit: 10 } as const;

    const replicas = pool(inject('meiliUrl'));
    await expect
      .poll(async () => {
        await replicas.search('full', criteria);
        return replicas.states().map((r) => r.state);
      })
      .toEqual(['up', 'behind']);
    // Only the current replica answers (the marker is in the lagging one alone).
    for (let i = 0; i < 4; i++) expect((await replicas.search('full', criteria)).total).toBe(0);

    // With the current one dead, the lagging one answers rather than Postgres.
    const deadFirst = pool(`http://127.0.0.1:${await freePort()}`);
    await expect
      .poll(async () => {
        await deadFirst.search('full', criteria);
        return deadFirst.states().map((r) => r.state);
      })
      .toEqual(['down', 'behind']);
    expect((await deadFirst.search('full', criteria)).total).toBe(1);
  } finally {
    await createMeili({ url: second.url, key })
      .index(index)
      .deleteDocument('lag-marker')
      .waitTask({ timeout: 60_000 });
    await db.drop();
  }
});

it("verify compares every replica's index with the log", async () => {
  const verify = () =>
    checkConsistency({
      sql: t.db.sql,
      meili: createMeili({ url: inject('meiliUrl'), key }),
      replicas: [{ label: 'search index #2', meili: createMeili({ url: second.url, key }) }],
      index,
    });
  // Both indexes hold the same documents: whatever verify says of the first, it says of the second.
  // (It reports coordinates Meilisearch returns rounded, e.g. 18.511400000000002 as 18.5114, as
  // differences of both.)
  const before = (await verify()).differences;
  const of = (label: string, list: string[]) =>
    list.filter((d) => d.startsWith(`${label}: `)).map((d) => d.slice(label.length));
  expect(of('search index #2', before)).toEqual(of('search index', before));
  const [gone] = await t.db.sql<{ id: string }[]>`
    SELECT id FROM listing_read WHERE is_available ORDER BY id`.then((rows) =>
    rows.filter((r) => !before.some((d) => d.includes(r.id))),
  );
  await createMeili({ url: second.url, key })
    .index(index)
    .deleteDocument(gone!.id)
    .waitTask({ timeout: 60_000 });
  const after = (await verify()).differences;
  expect(after.filter((d) => !before.includes(d))).toEqual([
    `search index #2: listing ${gone!.id} is missing`,
  ]);
});

it('rebuilds one replica beside its live index while both run, leaving the other alone', async () => {
  const stray = (id: string) => ({ id, title: 'stray', isAvailable: true, createdAt: 0 });
  const first = createMeili({ url: inject('meiliUrl'), key });
  const replica = createMeili({ url: second.url, key });
  await first
    .index(index)
    .addDocuments([stray('stray-1')])
    .waitTask({ timeout: 60_000 });
  await replica
    .index(index)
    .addDocuments([stray('stray-2')])
    .waitTask({ timeout: 60_000 });
  const before = await checkpoints();

  // As `npm run projections:rebuild -- 'listings-search-index#2'` does, with the live runners on.
  await rebuildProjection(
    t.db.sql,
    createSearchProjection(
      () => ({ sql: t.db.sql, meili: replica, index }),
      searchProjectionName(1),
    ),
  );
  await readSide.caughtUp({ timeoutMs: 60_000 });
  // The rebuilt index holds exactly the log's listings; the first kept what it had.
  expect(await indexCounts()).toEqual([listed + 1, listed]);
  expect(await checkpoints()).toEqual(before);
  await first.index(index).deleteDocument('stray-1').waitTask({ timeout: 60_000 });
}, 120_000);
