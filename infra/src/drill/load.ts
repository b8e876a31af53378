import { verifyEmailAtSetup } from '@rentals/api/auth/emailVerification';
import { randomUUID } from 'node:crypto';
import { cameraPhoto, samplePhoto } from '@rentals/api/media/samplePhotos';
import { LISTING_FORM, listingForm, type Upload } from '@rentals/testing/listingForm';
import { benchPlaces } from '../load/benchPlaces.ts';
import { loadEmail } from '../load/mix/accounts.ts';
import type { Inputs } from '../load/mix/scenario.ts';
import { tenantSearch } from '../load/mix/tenantSearch.ts';
import { createRandom, type Random } from '../seed/random.ts';
import type { Stack } from './stack.ts';

/** A client gives up on a request after this long (the bar: no request hangs past it). */
export const CLIENT_TIMEOUT_MS = 10_000;

/**
 * How often a write is sent in all when told to try again (or left without an answer): as the
 * site's client does (WRITE_TRIES in site/src/lib/api.ts).
 */
const WRITE_ATTEMPTS = 4;
/** The longest Retry-After the client honours before its next attempt. */
const MAX_RETRY_WAIT_MS = 5_000;

export type Op = 'create' | 'update' | 'delete' | 'search' | 'detail' | 'mine' | 'upload';

/** What one request got: a status (and its Retry-After and message), or why it got none. */
export type Outcome = {
  op: Op;
  start: number;
  end: number;
  status: number | null;
  retryAfter: string | null;
  message: string | null;
  /** 'timeout', 'refused' or 'lost (<code>)' when no response came. */
  error: string | null;
  /** The X-Request-Id it was sent with (the events a write appends carry it as their correlationId). */
  requestId: string;
  /** A write's attempt number (1 for the first; a retry reuses the Idempotency-Key). */
  attempt?: number;
};

/**
 * The writes the product acknowledged (2xx) in one scenario, and the ones
 * whose fate the client does not know (a delete that got no answer): what
 * acknowledged.ts checks afterwards.
 */
export type Ledger = {
  /** Each acknowledged create: its title and how many photos it sent (processed after the answer). */
  creates: Map<string, { title: string; photos: number }>;
  updates: { id: string; rent: number }[];
  deletes: Set<string>;
  deleteSent: Set<string>;
  /** The title of every create the load sent (each once, however often it was retried). */
  createTitles: string[];
  /** Write attempts answered with a non-2xx status: none of them may have appended anything. */
  refused: { requestId: string; op: Op; status: number }[];
};

export const newLedger = (): Ledger => ({
  creates: new Map(),
  updates: [],
  deletes: new Set(),
  deleteSent: new Set(),
  createTitles: [],
  refused: [],
});

type Account = { token: string };

/** What every scenario's load on one stack shares: real accounts, the seeded listings to read, photos. */
export type LoadContext = {
  url: string;
  owners: Account[];
  uploaders: Account[];
  tenant: Account;
  listed: string[];
  /** What the load scenarios read (infra/src/load): the seed's places and the photo. */
  inputs: Inputs;
  photo: Upload;
  nextNumber: () => number;
};

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Registers through the API; the operator running the drill vouches for the address (as admin:create does). */
const register = async (stack: Stack, role: 'homeowner' | 'broker' | 'tenant', n: number) => {
  const res = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    ...json({
      name: `Drill ${role} ${n}`,
      email: `drill-${role}-${n}-${Date.now()}@drill.example.in`,
      password: 'drill-password-2026',
      phone: `98765${String(43000 + n).padStart(5, '0')}`,
      role,
    }),
  });
  if (res.status !== 201)
    throw new Error(`could not register a ${role}: ${res.status} ${await res.text()}`);
  const { token, user } = (await res.json()) as {
    token: string;
    user: { _id: string; email: string };
  };
  await verifyEmailAtSetup(stack.sql, { id: user._id, email: user.email }, new Date());
  return { token };
};

/**
 * Registers the drill's accounts through the API (four owners, three
 * uploaders — the photo pool limits what one user may have waiting — and a
 * tenant; at most ten registrations an hour come from one address) and reads
 * which seeded listings and cities there are to search and read.
 */
export const prepareLoad = async (stack: Stack): Promise<LoadContext> => {
  const owners = await Promise.all(
    [0, 1, 2, 3].map((n) => register(stack, n % 2 ? 'broker' : 'homeowner', n)),
  );
  const uploaders = await Promise.all([4, 5, 6].map((n) => register(stack, 'homeowner', n)));
  const tenant = await register(stack, 'tenant', 7);
  const listed = (
    await stack.sql<
      { id: string }[]
    >`SELECT id FROM listing_public WHERE listed ORDER BY id LIMIT 2000`
  ).map((r) => r.id);
  const bytes = await samplePhoto({ width: 800, height: 600, label: 'drill' });
  let n = 0;
  return {
    url: stack.url,
    owners,
    uploaders,
    tenant,
    listed,
    inputs: { places: benchPlaces(), photo: bytes },
    photo: { name: 'front.jpg', bytes, type: 'image/jpeg' },
    nextNumber: () => ++n,
  };
};

const describeError = (error: unknown) => {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timeout';
  const code = e.code ?? e.name ?? 'error';
  if (/refused/i.test(code) || /refused/i.test(e.message ?? '')) return 'refused';
  return `lost (${code})`;
};

/** Collects every request's outcome. */
export type Recorder = { outcomes: Outcome[] };

/**
 * One request with the client timeout and its own X-Request-Id; `onOk` sees the body of a 2xx
 * (what makes a write acknowledged). The outcome is recorded once the body is in.
 */
const send = async (
  recorder: Recorder,
  op: Op,
  url: string,
  init: RequestInit,
  onOk?: (body: string) => void,
  attempt?: number,
): Promise<Outcome> => {
  const start = Date.now();
  const requestId = randomUUID();
  const headers = { ...(init.headers as Record<string, string>), 'x-request-id': requestId };
  let outcome: Omit<Outcome, 'end'>;
  const base = { op, start, requestId, ...(attempt === undefined ? {} : { attempt }) };
  try {
    const res = await fetch(url, {
      ...init,
      headers,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const body = await res.text();
    let message: string | null = null;
    if (!res.ok) {
      try {
        message = (JSON.parse(body) as { message?: string }).message ?? null;
      } catch {
        // A proxy's HTML page: its text on one line, so the report's table stays a table.
        message = body
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 120);
      }
    }
    outcome = {
      ...base,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      message,
      error: null,
    };
    // 202 is a write still pending at the server's deadline (its outcome comes to a retry with
    // the same Idempotency-Key): answered, but not an acknowledged write with a body to record.
    if (res.ok && res.status !== 202) onOk?.(body);
  } catch (error) {
    outcome = {
      ...base,
      status: null,
      retryAfter: null,
      message: null,
      error: describeError(error),
    };
  }
  const done = { ...outcome, end: Date.now() };
  recorder.outcomes.push(done);
  return done;
};

/** The proxy's 502 and 504: the web process died or did not answer in time, so the outcome is unknown, not refused. */
export const isNoAnswer = (o: Outcome) => o.status === 502 || o.status === 504;

/**
 * Sent again as the site's client does (site/src/lib/api.ts): no answer (the client cannot know),
 * a 202 (still being saved: the retry learns its outcome), a 409 with Retry-After (the first try
 * still runs) or a 503 with Retry-After.
 */
const tryAgain = (o: Outcome) =>
  o.status === null ||
  o.status === 202 ||
  isNoAnswer(o) ||
  ((o.status === 503 || o.status === 409) && o.retryAfter !== null);

/**
 * A write as a client told "try again" sends it: one Idempotency-Key for the action, reused on
 * every attempt, up to WRITE_ATTEMPTS, each after the Retry-After it was given (at most 5 s;
 * 1 s without one). Every attempt answered non-2xx (but the proxy's "no answer") goes into the ledger's `refused`.
 */
const sendWrite = async (
  recorder: Recorder,
  ledger: Ledger,
  op: Op,
  url: string,
  init: () => RequestInit,
  onOk: (body: string) => void,
) => {
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const request = init();
    const headers = { ...(request.headers as Record<string, string>), 'idempotency-key': key };
    const o = await send(recorder, op, url, { ...request, headers }, onOk, attempt);
    if (o.status !== null && (o.status < 200 || o.status >= 300) && !isNoAnswer(o))
      ledger.refused.push({ requestId: o.requestId, op, status: o.status });
    if (!tryAgain(o) || attempt >= WRITE_ATTEMPTS) return;
    const seconds = Number(o.retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
    await new Promise((r) => setTimeout(r, Math.min(wait, MAX_RETRY_WAIT_MS)));
  }
};

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

type Created = { property: { _id: string } };

/** A create through the multipart form, acknowledged in the ledger on 201. */
const create = (
  ctx: LoadContext,
  recorder: Recorder,
  ledger: Ledger,
  account: Account,
  label: string,
  op: 'create' | 'upload',
  photos: Upload[],
  onCreated?: (id: string) => void,
) => {
  const title = `Drill ${label} flat ${ctx.nextNumber()}`;
  ledger.createTitles.push(title);
  return sendWrite(
    recorder,
    ledger,
    op,
    `${ctx.url}/api/properties`,
    // A fresh body per attempt (a multipart body is read once).
    () => ({
      method: 'POST',
      headers: auth(account),
      body: listingForm({ ...LISTING_FORM, title }, photos),
    }),
    (body) => {
      const { property } = JSON.parse(body) as Created;
      ledger.creates.set(property._id, { title, photos: photos.length });
      onCreated?.(property._id);
    },
  );
};

export type LoadOptions = {
  /** Requests per second, all kinds together. */
  rate: number;
  /** Names the listings this load creates (the scenario's name). */
  label: string;
  recorder: Recorder;
  ledger: Ledger;
  seed: number;
};

export type RunningLoad = { stop: () => Promise<void> };

/**
 * The standard mix at a fixed rate (open loop: a slow answer does not slow
 * the senders down), for as long as it runs: tenants and visitors searching
 * and reading seeded listings, owners reading their list and creating (with a
 * photo), editing and deleting their own listings. A listing gets one write
 * at a time; one whose delete got no answer is left alone.
 */
export const startLoad = (ctx: LoadContext, options: LoadOptions): RunningLoad => {
  const random = createRandom(options.seed);
  const { recorder, ledger } = options;
  const owned = new Map<string, Account>();
  const busy = new Set<string>();

  const writable = () =>
    [...owned.keys()].filter((id) => !busy.has(id) && !ledger.deleteSent.has(id));

  const withListing = async (id: string, work: () => Promise<void>) => {
    busy.add(id);
    try {
      await work();
    } finally {
      busy.delete(id);
    }
  };

  // The reads are the tenant-search load scenario's requests (infra/src/load/mix/tenantSearch.ts):
  // its search mix, map viewports and detail views (of seeded listings: the drill's searches
  // keep no state), as the drill's tenant.
  const reads = { tokens: { [loadEmail('tenant', 1)]: ctx.tenant.token }, listed: ctx.listed };
  const read = (op: 'search' | 'detail', step: number) => (r: Random) => {
    const state = tenantSearch.iteration(reads, r.int(0, 2 ** 31), ctx.inputs);
    const request = tenantSearch.steps[step]!.request(state)!;
    return send(recorder, op, `${ctx.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
    });
  };
  const createListing = (r: Random) => {
    const owner = r.pick(ctx.owners);
    return create(ctx, recorder, ledger, owner, options.label, 'create', [ctx.photo], (id) =>
      owned.set(id, owner),
    );
  };
  const ops: [number, (r: Random) => Promise<unknown>][] = [
    [15, read('search', 0)],
    [10, read('search', 1)],
    [25, read('detail', 2)],
    [
      5,
      (r) =>
        send(recorder, 'mine', `${ctx.url}/api/properties/my-properties`, {
          headers: auth(r.pick(ctx.owners)),
        }),
    ],
    [15, createListing],
    [
      20,
      async (r) => {
        const candidates = writable();
        if (candidates.length === 0) return createListing(r);
        const id = r.pick(candidates);
        const rent = 10_000 + ctx.nextNumber();
        await withListing(id, () =>
          sendWrite(
            recorder,
            ledger,
            'update',
            `${ctx.url}/api/properties/${id}`,
            () => ({
              method: 'PUT',
              headers: { ...auth(owned.get(id)!), 'content-type': 'application/json' },
              body: JSON.stringify({ rent }),
            }),
            () => ledger.updates.push({ id, rent }),
          ),
        );
      },
    ],
    [
      10,
      async (r) => {
        const candidates = writable();
        // Keep a few listings to edit.
        if (candidates.length < 5) return createListing(r);
        const id = r.pick(candidates);
        ledger.deleteSent.add(id);
        await withListing(id, () =>
          sendWrite(
            recorder,
            ledger,
            'delete',
            `${ctx.url}/api/properties/${id}`,
            () => ({ method: 'DELETE', headers: auth(owned.get(id)!) }),
            () => ledger.deletes.add(id),
          ),
        );
      },
    ],
  ];
  const total = ops.reduce((n, [w]) => n + w, 0);
  const pick = () => {
    let x = random.next() * total;
    for (const [weight, run] of ops) if ((x -= weight) < 0) return run;
    return ops[0]![1];
  };

  let running = true;
  const inFlight = new Set<Promise<unknown>>();
  const loop = (async () => {
    const started = Date.now();
    for (let i = 0; running; i++) {
      const wait = started + (i * 1000) / options.rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!running) break;
      const request = pick()(random.fork(String(i)));
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(inFlight);
    },
  };
};

/** Camera-sized JPEGs (4000×3000, about 4.5 MB each), made once per run. */
export const largePhotos = (count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `camera-${i + 1}.jpg`,
      bytes: await cameraPhoto({ width: 4000, height: 3000, seed: i + 1 }),
      type: 'image/jpeg',
    })),
  );

/**
 * Large uploads back to back: each uploader keeps one create with `photos`
 * in flight at all times (a multipart body of 10+ MB), until stopped.
 */
export const startUploads = (
  ctx: LoadContext,
  options: { photos: Promise<Upload[]>; label: string; recorder: Recorder; ledger: Ledger },
): RunningLoad => {
  let running = true;
  const streams = ctx.uploaders.map(async (account) => {
    const photos = await options.photos;
    while (running)
      await create(ctx, options.recorder, options.ledger, account, options.label, 'upload', photos);
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(streams);
    },
  };
};
