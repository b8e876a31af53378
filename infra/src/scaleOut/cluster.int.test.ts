// Two web processes behind HAProxy (infra/proxy/haproxy.cfg, as npm run cluster runs it), on
// one database: what one process knows, the other knows too, because Postgres holds it —
// login attempts, token revocations, view dedupe — and the photos are in the media store
// both use. Killing one web process costs a client retrying once nothing.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { confirmEmailAt } from '@rentals/testing/mailbox';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { startWebProcess } from '@rentals/testing/webProcess';
import { allUp, startHaproxy, untilBackends } from '../proxy/haproxy.ts';
import { freePort } from '../services/ports.ts';

const JWT_SECRET = randomBytes(32).toString('hex');

let db: TestDatabase;
let dataDir: string;
let proxy: ChildProcess;
let proxyUrl: string;
let statsPort: number;

type Web = { name: string; port: number; child: ChildProcess; exited: Promise<unknown> };
const webs = new Map<string, Web>();

/** A web process as the cluster runner starts it: behind one proxy hop, media in the shared DATA_DIR. */
const startWeb = async (name: string, port: number): Promise<Web> => {
  const { child, exited } = await startWebProcess({
    databaseUrl: db.url,
    dataDir,
    port,
    name,
    env: { JWT_SECRET, TRUST_PROXY_HOPS: '1' },
  });
  const web = { name, port, child, exited };
  webs.set(name, web);
  return web;
};

const stopWeb = async (web: Web, signal: NodeJS.Signals) => {
  if (web.child.exitCode === null && web.child.signalCode === null) web.child.kill(signal);
  await web.exited;
};

beforeAll(async () => {
  db = await testDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-cluster-'));
  const ports = [await freePort(), await freePort()];
  await Promise.all(ports.map((port, i) => startWeb(`web-${i + 1}`, port)));
  const port = await freePort();
  statsPort = await freePort();
  proxy = await startHaproxy(
    {
      bind: '127.0.0.1',
      port,
      statsPort,
      backends: ports.map((p, i) => ({ name: `web-${i + 1}`, host: '127.0.0.1', port: p })),
    },
    { configFile: join(dataDir, 'haproxy.cfg'), onLog: () => undefined },
  );
  proxyUrl = `http://127.0.0.1:${port}`;
  await untilBackends(statsPort, allUp);
}, 60_000);

afterAll(async () => {
  proxy?.kill('SIGTERM');
  await Promise.all([...webs.values()].map((w) => stopWeb(w, 'SIGTERM')));
  await db?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A request through the proxy; `servedBy` is the web process that answered (X-Served-By). */
const viaProxy = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${proxyUrl}${path}`, init);
  return { response, servedBy: response.headers.get('x-served-by') };
};

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

const register = async (role: 'homeowner' | 'tenant') => {
  const account = {
    name: 'Asha Rao',
    email: `cluster-${randomUUID().slice(0, 8)}@example.com`,
    password: 'secret-pass',
    phone: '9876543210',
    role,
  };
  const { response } = await viaProxy('/api/auth/register', json(account));
  expect(response.status).toBe(201);
  const { token } = (await response.json()) as { token: string };
  // Publishing and messaging need a confirmed address: by the mailed link, as its owner would.
  await confirmEmailAt(proxyUrl, account.email);
  return { ...account, token };
};

describe('two web processes behind HAProxy', () => {
  it('answers a request without a Host header (HTTP/1.0) with 400, not a 500', async () => {
    const web = webs.get('web-1')!;
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(web.port, '127.0.0.1', () =>
        socket.write('GET /api/health/ready HTTP/1.0\r\n\r\n'),
      );
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 400 /);
    expect(answer).toContain('A Host header is required');
  });

  it('counts failed logins across both processes: the 6th attempt is refused whichever answers', async () => {
    const account = await register('tenant');
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 5; i++) {
      const { response, servedBy: by } = await viaProxy(
        '/api/auth/login',
        json({ email: account.email, password: 'wrong-guess' }),
      );
      expect(response.status).toBe(401);
      servedBy.add(by);
    }
    expect(servedBy).toEqual(new Set(['web-1', 'web-2']));
    // Even the right password, on either process, until the window passes.
    for (let i = 0; i < 2; i++) {
      const { response, servedBy: by } = await viaProxy(
        '/api/auth/login',
        json({ email: account.email, password: account.password }),
      );
      expect(response.status, `from ${by}`).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      servedBy.delete(by);
    }
    expect(servedBy).toEqual(new Set());
  });

  it('refuses a token revoked by a password change on both processes', async () => {
    const account = await register('tenant');
    const changed = await viaProxy(
      '/api/auth/change-password',
      json({ currentPassword: account.password, newPassword: 'brand-new-pass' }, account.token),
    );
    expect(changed.response.status).toBe(200);
    const { token: fresh } = (await changed.response.json()) as { token: string };
    const refusedBy = new Set<string | null>();
    const acceptedBy = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const old = await viaProxy('/api/auth/me', {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(old.response.status).toBe(401);
      refusedBy.add(old.servedBy);
    }
    for (let i = 0; i < 2; i++) {
      const current = await viaProxy('/api/auth/me', {
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(current.response.status).toBe(200);
      acceptedBy.add(current.servedBy);
    }
    // Two requests in a row go to different processes (round robin): each of the pairs covers both.
    expect(refusedBy).toEqual(new Set(['web-1', 'web-2']));
    expect(acceptedBy).toEqual(new Set(['web-1', 'web-2']));
  });

  it('serves a photo uploaded through one process from the other', async () => {
    const owner = await register('homeowner');
    const photo = await samplePhoto({
      width: 800,
      height: 600,
      colors: ['#22c55e', '#0f172a'],
      label: 'Cluster',
    });
    const form = listingForm(LISTING_FORM, [
      { name: 'room.jpg', bytes: photo, type: 'image/jpeg' },
    ]);
    const created = await viaProxy('/api/properties', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(created.response.status).toBe(201);
    const { property } = (await created.response.json()) as { property: { _id: string } };
    // Processed after the answer, by whichever web process's photo processor claims it first
    // (no projections run here: the listing is read from its log).
    await vi.waitFor(
      async () => {
        const [row] = await db.sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM photo_jobs WHERE listing_id = ${property._id}`;
        expect(row!.n).toBe(0);
      },
      { timeout: 45_000, interval: 250 },
    );
    const { events } = await createEventStore(db.sql).readStream(listingStreamId(property._id));
    const { images } = toPropertyDocument(fold(events as unknown as ListingEvent[]))!;
    expect(images).toHaveLength(1);
    const url = images[0]!.url;
    const other = webs.get(created.servedBy === 'web-1' ? 'web-2' : 'web-1')!;
    const served = await fetch(`http://127.0.0.1:${other.port}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('keeps answering GETs when one process is killed (one client retry hides it) and shows it down', async () => {
    const victim = webs.get('web-1')!;
    let sent = 0;
    let failedOnce = 0;
    let failedTwice = 0;
    const answeredBy = new Set<string | null>();
    /** A client that retries once: a failure counts only when the retry fails too. */
    const getRetryingOnce = async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await viaProxy('/api/health/ready').catch(() => undefined);
        if (result?.response.ok) {
          answeredBy.add(result.servedBy);
          return;
        }
        if (attempt === 0) failedOnce++;
      }
      failedTwice++;
    };
    let killed = false;
    let settledAfterKill = 0;
    const client = async () => {
      // Until the proxy has seen the kill and 20 more requests went through after that.
      while (settledAfterKill < 20) {
        sent++;
        await getRetryingOnce();
        if (killed) settledAfterKill++;
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);
    while (sent < 20) await new Promise((r) => setTimeout(r, 10));
    victim.child.kill('SIGKILL');
    await victim.exited;
    const view = await untilBackends(statsPort, (backends) =>
      backends.some((b) => b.name === 'web-1' && b.status.startsWith('DOWN')),
    );
    killed = true;
    await clients;

    expect(view.find((b) => b.name === 'web-2')?.status).toBe('UP');
    // Only a request in flight at the kill may fail (one per client at most); its retry never does.
    expect(failedOnce, `${failedOnce} of ${sent} first attempts failed`).toBeLessThanOrEqual(4);
    expect(failedTwice).toBe(0);
    expect(answeredBy.has('web-2')).toBe(true);
    // Once the proxy shows it down, the survivor answers everything.
    answeredBy.clear();
    for (let i = 0; i < 4; i++) {
      const { response, servedBy } = await viaProxy('/api/health/ready');
      expect(response.status).toBe(200);
      answeredBy.add(servedBy);
    }
    expect(answeredBy).toEqual(new Set(['web-2']));

    // A restarted process is put back in rotation once its checks pass.
    await startWeb('web-1', victim.port);
    await untilBackends(statsPort, allUp);
  }, 60_000);

  it("counts a visitor's view once across both processes", async () => {
    const owner = await register('homeowner');
    const created = await viaProxy('/api/properties', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: listingForm(),
    });
    expect(created.response.status).toBe(201);
    const { property } = (await created.response.json()) as { property: { _id: string } };
    await catchUpReadModels(db.sql);

    const viewedBy = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const { response, servedBy } = await viaProxy(`/api/properties/${property._id}`);
      expect(response.status).toBe(200);
      viewedBy.add(servedBy);
    }
    expect(viewedBy).toEqual(new Set(['web-1', 'web-2']));
    // Each process writes its buffered views on SIGTERM; the dedupe rows are in Postgres.
    await Promise.all([...webs.values()].map((w) => stopWeb(w, 'SIGTERM')));
    const [row] = await db.sql<{ views: number }[]>`
      SELECT views::int FROM listing_view_counts WHERE listing_id = ${property._id}`;
    expect(row?.views).toBe(1);
  }, 30_000);
});

describe('a streaming response through HAProxy', () => {
  it('passes server-sent events unbuffered, even after a quiet spell longer than the server timeout', async () => {
    // A stand-in for the web's /api/…/stream: one event at once, the next after 10 s (timeout server is 9 s).
    const backend = createServer((request, response) => {
      if (request.url === '/api/health/ready') return void response.end('{"status":"ok"}');
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('data: first\n\n');
      const timer = setTimeout(() => response.end('data: second\n\n'), 10_000);
      request.on('close', () => clearTimeout(timer));
    });
    const backendPort = await freePort();
    await new Promise<void>((resolve) => backend.listen(backendPort, '127.0.0.1', resolve));
    const port = await freePort();
    const stats = await freePort();
    const streamProxy = await startHaproxy(
      {
        bind: '127.0.0.1',
        port,
        statsPort: stats,
        backends: [{ name: 'web-1', host: '127.0.0.1', port: backendPort }],
      },
      { configFile: join(dataDir, 'haproxy-stream.cfg'), onLog: () => undefined },
    );
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/listings/l-1/stream`);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      // The first event arrives while the response is still open: nothing buffers it.
      expect((await reader.read()).value).toBe('data: first\n\n');
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        rest += chunk.value;
      expect(rest).toBe('data: second\n\n');
    } finally {
      streamProxy.kill('SIGTERM');
      backend.close();
    }
  }, 20_000);
});
