import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WRITE_CANCELLED_MESSAGE } from '@rentals/core/eventStore/writeFence';
import { listingForm, LISTING_FORM } from '@rentals/testing/listingForm';
import { testApp, testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { withDeadline } from '../web/requestDeadline.ts';
import { attemptOf, idempotentWrites } from './idempotency.ts';
import { keyStore } from './store.ts';
import {
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  MESSAGES,
  REPLAYED_HEADER,
  WRITE_PENDING_MESSAGE,
  WRITE_SAVED_MESSAGE,
} from './model.ts';

type Created = { property: PropertyDocument };

const s = testAppWithUsers({ owner: 'homeowner', broker: 'broker' });

beforeAll(async () => {}, 60_000);

const create = (user: TestUser, key: string, form = listingForm()) =>
  s.t.request<Created & { message?: string }>('POST', '/api/properties', {
    token: user.token,
    form,
    headers: { 'idempotency-key': key },
  });

const listingsCreatedBy = async (userId: string) => {
  const rows = await s.t.db.sql<{ id: string }[]>`
    SELECT data->>'listingId' AS id FROM events
    WHERE type = 'ListingCreated' AND metadata->>'userId' = ${userId}`;
  return rows.map((r) => r.id);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a statement like `pattern` is waiting on a lock (the test's held lock). */
const waitingOnLock = async (pattern: string) =>
  (
    await s.t.db.sql`
      SELECT 1 FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${pattern}`
  ).length > 0;

/**
 * A create as the web server sends it to the app, with the server's deadline around it. The
 * deadline comes once `ready` holds (it waits while `receiving` says so, as for a body still
 * arriving), so the test decides where the work stands when it does.
 */
const createWithDeadline = async (user: TestUser, key: string, ready: () => Promise<boolean>) => {
  const encoded = new Response(listingForm());
  const request = new Request('http://localhost/api/properties', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'idempotency-key': key,
      'content-type': encoded.headers.get('content-type')!,
    },
    body: await encoded.arrayBuffer(),
  });
  let go = false;
  void (async () => {
    while (!(await ready())) await pause(50);
    go = true;
  })();
  let finished: (outcome: string) => void = () => {};
  const afterwards = new Promise<string>((resolve) => (finished = resolve));
  const late: string[] = [];
  const response = await withDeadline(
    { method: 'POST', pathname: '/api/properties' },
    Promise.resolve(s.t.app.handle(request)),
    {
      receiving: () => !go,
      attempt: () => attemptOf(request),
      onLate: (o) => {
        late.push(o);
        if (late.length === 2) finished(o);
      },
      ms: 10,
    },
  );
  return { response, afterwards };
};

const keyHeld = async (key: string) =>
  (await s.t.db.sql`SELECT 1 FROM idempotency_keys WHERE key = ${key} AND state = 'running'`)
    .length > 0;

/** Holds `lock` in a transaction of its own until `release()`; resolves once it is held. */
const holdLock = async (lock: string) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held: () => void = () => {};
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = s.t.db.sql.begin(async (tx) => {
    await tx.unsafe(lock);
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await done;
  };
};

describe('Idempotency-Key on writes', () => {
  it('answers a retry after success with the first outcome, and creates one listing', async () => {
    const key = randomUUID();
    const first = await create(s.owner, key);
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    // The same form, encoded again with a new multipart boundary, as a browser's retry is.
    const retry = await create(s.owner, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await listingsCreatedBy(s.owner.user._id)).toEqual([first.body.property._id]);
  });

  it('refuses the same key with a different request, and writes nothing for it', async () => {
    const key = randomUUID();
    expect((await create(s.owner, key)).status).toBe(201);
    const before = await listingsCreatedBy(s.owner.user._id);
    const other = await create(s.owner, key, listingForm({ ...LISTING_FORM, rent: '26000' }));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: MESSAGES.conflict });
    const elsewhere = await s.t.request('PUT', `/api/favourites/${before[0]}`, {
      token: s.owner.token,
      headers: { 'idempotency-key': key },
    });
    expect(elsewhere.status).toBe(422);
    expect(await listingsCreatedBy(s.owner.user._id)).toEqual(before);
  });

  it('keeps keys per account: another account with the same key gets its own outcome', async () => {
    const key = randomUUID();
    const mine = await create(s.owner, key);
    const theirs = await create(s.broker, key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(theirs.body.property._id).not.toBe(mine.body.property._id);
    expect(await listingsCreatedBy(s.broker.user._id)).toEqual([theirs.body.property._id]);
  });

  it('finds a first outcome from another app instance (the keys live in Postgres)', async () => {
    const key = randomUUID();
    const first = await create(s.owner, key);
    // A second app on the same database, as after a restart or on the other web host.
    const other = await testApp({ db: s.t.db, deps: { jwtSecret: s.t.deps.jwtSecret } });
    const retry = await other.request<Created>('POST', '/api/properties', {
      token: s.owner.token,
      form: listingForm(),
      headers: { 'idempotency-key': key },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('answers 409 with Retry-After to a retry while the first still runs, then its outcome', async () => {
    const key = randomUUID();
    // The first create waits on its append while the test holds the streams table.
    const release = await holdLock('LOCK TABLE streams IN EXCLUSIVE MODE');
    const first = create(s.owner, key);
    while (!(await keyHeld(key))) await pause(50);
    const retry = await create(s.owner, key);
    expect(retry.status).toBe(409);
    expect(retry.headers.get('retry-after')).toBe(String(IN_PROGRESS_RETRY_AFTER_SECONDS));
    expect(retry.body).toEqual({ message: MESSAGES.inProgress });
    await release();
    const done = await first;
    expect(done.status).toBe(201);
    const after = await create(s.owner, key);
    expect(after.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(after.body).toEqual(done.body);
    expect(
      (await listingsCreatedBy(s.owner.user._id)).filter((id) => id === done.body.property._id),
    ).toHaveLength(1);
  });

  it('refuses a malformed key before any work', async () => {
    for (const key of ['short', 'x'.repeat(129), 'has space in it', 'new\u0001line-key'])
      expect((await create(s.owner, key)).status).toBe(400);
  });
});

describe('a key whose attempt outlived its lease (its web process died)', () => {
  it('is taken over by a retry, and the old attempt can no longer append', async () => {
    const key = randomUUID();
    const before = await listingsCreatedBy(s.owner.user._id);
    // The first attempt is stuck before its append, as in a process that stopped answering.
    const release = await holdLock('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    const first = create(s.owner, key);
    while (!(await keyHeld(key))) await pause(50);
    await s.t.db.sql`UPDATE idempotency_keys SET lease_until = now() - interval '1 second'
      WHERE key = ${key}`;
    const retry = create(s.owner, key);
    // The retry has taken the key over (a new attempt id) and waits on the same lock.
    while (
      (await s.t.db.sql`SELECT 1 FROM idempotency_keys WHERE key = ${key} AND lease_until > now()`)
        .length === 0
    )
      await pause(50);
    await release();
    const [old, taken] = await Promise.all([first, retry]);
    expect(old.status).toBe(503);
    expect(old.body).toEqual({ message: WRITE_CANCELLED_MESSAGE });
    expect(taken.status).toBe(201);
    expect((await listingsCreatedBy(s.owner.user._id)).sort()).toEqual(
      [...before, taken.body.property._id].sort(),
    );
  });

  it('answers "already carried out" when the dead attempt had appended, and writes nothing again', async () => {
    const key = randomUUID();
    const fingerprintOfForm = await (async () => {
      // The fingerprint the server records for this form, read back from a first, finished create.
      const probe = randomUUID();
      await create(s.owner, probe);
      const [row] = await s.t.db.sql<{ fingerprint: string }[]>`
        SELECT fingerprint FROM idempotency_keys WHERE key = ${probe}`;
      return row!.fingerprint;
    })();
    await s.t.db.sql`
      INSERT INTO idempotency_keys
        (account_id, key, fingerprint, attempt_id, state, appended_at, lease_until, expires_at)
      VALUES (${s.owner.user._id}, ${key}, ${fingerprintOfForm}, ${randomUUID()}::uuid, 'running',
        now(), now() - interval '1 second', now() + interval '1 day')`;
    const before = await listingsCreatedBy(s.owner.user._id);
    const retry = await create(s.owner, key);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ message: MESSAGES.answerLost });
    expect(await listingsCreatedBy(s.owner.user._id)).toEqual(before);
  });
});

describe('a lease renewed only on the server that took the claim', () => {
  it('lapses after a failover or restart, so a retry takes the key over instead of waiting', async () => {
    const store = keyStore(s.t.db.sql);
    const attemptId = randomUUID();
    const claim = await store.claim(s.owner.user._id, randomUUID(), 'f', attemptId, 60);
    if (claim.kind !== 'claimed') throw new Error(`not claimed: ${claim.kind}`);
    const leaseOf = async () =>
      (
        await s.t.db.sql<{ lease: Date }[]>`
          SELECT lease_until AS lease FROM idempotency_keys WHERE attempt_id = ${attemptId}::uuid`
      )[0]!.lease.getTime();
    const claimed = await leaseOf();
    await pause(20);
    // A renewal that reaches another server (the promoted standby) leaves the lease as it was.
    await store.renew(attemptId, '2000-01-01 00:00:00+00');
    expect(await leaseOf()).toBe(claimed);
    await store.renew(attemptId, claim.server);
    expect(await leaseOf()).toBeGreaterThan(claimed);
  });
});

describe('the request deadline on a write', () => {
  it('answers 2xx, never "try again", when the append is held past the deadline and commits later', async () => {
    const key = randomUUID();
    const before = await listingsCreatedBy(s.owner.user._id);
    // The append waits on the streams table: the case of issue 39 (503 answered, committed later).
    const release = await holdLock('LOCK TABLE streams IN EXCLUSIVE MODE');
    const { response, afterwards } = await createWithDeadline(s.owner, key, () =>
      waitingOnLock('%append_events_fenced%'),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: WRITE_PENDING_MESSAGE });
    await release();
    expect(await afterwards).toBe('answered 201 after the deadline');
    const created = (await listingsCreatedBy(s.owner.user._id)).filter(
      (id) => !before.includes(id),
    );
    expect(created).toHaveLength(1);
    // The retry the 202 asks for gets the outcome and adds nothing.
    const retry = await create(s.owner, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(retry.body.property._id).toBe(created[0]);
    expect((await listingsCreatedBy(s.owner.user._id)).length).toBe(before.length + 1);
  });

  it('says "try again" only when it cancelled the write before its append; the retry then does it once', async () => {
    const key = randomUUID();
    const before = await listingsCreatedBy(s.owner.user._id);
    // Reading the listing's stream waits: the work has not appended when the deadline comes.
    const release = await holdLock('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    const { response, afterwards } = await createWithDeadline(
      s.owner,
      key,
      async () => (await keyHeld(key)) && (await waitingOnLock('%FROM events%')),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: WRITE_CANCELLED_MESSAGE });
    await release();
    expect(await afterwards).toBe('answered 503 after the deadline');
    expect((await listingsCreatedBy(s.owner.user._id)).sort()).toEqual([...before].sort());
    const retry = await create(s.owner, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
    expect((await listingsCreatedBy(s.owner.user._id)).sort()).toEqual(
      [...before, retry.body.property._id].sort(),
    );
  });

  describe('a handler that fails', () => {
    const cut = () =>
      Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
    /** A signed-in write as a route makes it: `handler` runs inside the attempt's fence. */
    const attempt = async (key: string, handler: () => Promise<unknown>) => {
      const write = idempotentWrites(s.t.deps);
      const request = new Request('http://localhost/api/favourites/test', {
        method: 'POST',
        headers: { 'idempotency-key': key },
      });
      const context = { request, user: { id: s.owner.user._id }, set: { headers: {} } };
      return write(context, handler).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
    };
    const favourite = (listingId: string) => ({
      type: 'ListingFavourited',
      data: { userId: s.owner.user._id, listingId, at: new Date().toISOString() },
    });
    const streamOf = (listingId: string) => `favourite-${s.owner.user._id}.${listingId}`;
    const eventsIn = async (stream: string) =>
      (await s.t.db.sql`SELECT 1 FROM events WHERE stream_id = ${stream}`).length;

    it('answers 202 "saved", never "try again", when it failed after its append committed', async () => {
      const listingId = randomUUID();
      const key = randomUUID();
      // The connection cut between COMMIT and its reply, as the handler meets it.
      const result = await attempt(key, async () => {
        await s.t.deps.eventStore.append(streamOf(listingId), 'favourite', 'any', [
          favourite(listingId),
        ]);
        throw cut();
      });
      if (!('answer' in result)) throw new Error(`expected an answer, got ${String(result.error)}`);
      const answer = result.answer as Response;
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ message: WRITE_SAVED_MESSAGE });
      expect(await eventsIn(streamOf(listingId))).toBe(1);
      // Its retry is told the work was done (reload to see it), and does nothing again.
      const retry = await attempt(key, () => Promise.reject(new Error('must not run')));
      if (!('answer' in retry)) throw new Error(`expected a replay, got ${String(retry.error)}`);
      const replayed = retry.answer as Response;
      expect(replayed.status).toBe(409);
      expect(replayed.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(await replayed.json()).toEqual({ message: MESSAGES.answerLost });
      expect(await eventsIn(streamOf(listingId))).toBe(1);
    });

    it('answers its own error when it failed before any append, and frees the key', async () => {
      const listingId = randomUUID();
      const key = randomUUID();
      const error = cut();
      expect(await attempt(key, () => Promise.reject(error))).toEqual({ error });
      const retry = await attempt(key, async () => {
        await s.t.deps.eventStore.append(streamOf(listingId), 'favourite', 'any', [
          favourite(listingId),
        ]);
        return { ok: true };
      });
      expect(retry).toEqual({ answer: { ok: true } });
      expect(await eventsIn(streamOf(listingId))).toBe(1);
    });
  });
});
