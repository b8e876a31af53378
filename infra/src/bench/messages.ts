// `npm run bench:messages`: messages through the API (POST /api/conversations/:id/messages) with delivery to
// a receiver connected to the live stream (GET /api/conversations/stream), on the bench seed:
// 1. throughput: senders as fast as they can for BENCH_SECONDS, messages delivered per second;
// 2. latency at BENCH_MESSAGES_PER_SECOND (default 50): from the send until the receiver's stream has it.
// Bar (issue 14): p99 ≤ 300 ms at 50 messages/s.
import { randomUUID } from 'node:crypto';
import { createAccounts } from '@rentals/api/auth/accounts';
import { verifyEmailAtSetup } from '@rentals/api/auth/emailVerification';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { benchAppDeps, serveInProcess } from './support/inProcessApi.ts';
import { describeStreamEnds, newStreamEnds, recordArrivals } from './support/liveArrivals.ts';
import { fmt, percentile } from './support/stats.ts';
import { atSteadyRate } from './support/steadyRate.ts';
import { startProjectionsProcess } from './support/startProjections.ts';
import { startBenchStack } from './support/stack.ts';
import { stopChild } from '../services/childServer.ts';

const RATE = Number(process.env.BENCH_MESSAGES_PER_SECOND ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PAIRS = Number(process.env.BENCH_CONVERSATIONS ?? 25);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 16);

const stack = await startBenchStack();
const projections = await startProjectionsProcess(stack);

// The web process: the app the web entry serves, on a port, limits lifted (the benchmark is one busy user per pair).
const deps = {
  ...benchAppDeps(stack.sql, { url: stack.meiliUrl, key: stack.meiliKey }),
  conversationLimits: { startsPerDay: 1_000_000, messagesPerMinute: 1_000_000 },
};
const { server, api: base } = serveInProcess(deps);

/**
 * A message's body as a key without digits: the owner sees a tenant's digits masked until the
 * owner replies, across messages too ('t-9-19', 't-9-20', … read as a phone number split up).
 */
const bodyOf = (prefix: string, ...numbers: number[]) =>
  [
    prefix,
    ...numbers.map((n) =>
      [...n.toString(26)].map((d) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(d, 26)]).join(''),
    ),
  ].join('-');

type Pair = { conversationId: string; tenant: string; owner: string };
const received = new Map<string, number>();
const streams: AbortController[] = [];
const ends = newStreamEnds();

try {
  const accounts = createAccounts(deps);
  const user = async (role: 'tenant' | 'homeowner') => {
    const record = await accounts.create({
      name: `Bench ${role}`,
      email: `${role}-${randomUUID()}@bench.test`,
      phone: '9876543210',
      password: 'bench-password',
      role,
    });
    // Starting a conversation needs a confirmed address; the bench's people confirmed theirs.
    await verifyEmailAtSetup(stack.sql, record, new Date());
    return { id: record.id, token: (await accounts.signIn(record)).token };
  };
  const post = async (path: string, token: string, json: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ conversation: { id: string } }>;
  };

  /** The owner's live stream: records when each message body arrives. */
  const listen = (token: string) =>
    recordArrivals({
      url: `${base}/conversations/stream`,
      token,
      kind: 'message',
      keyOf: (data) => (data as { message?: { body: string } }).message?.body,
      arrivals: received,
      streams,
      ends,
    });

  console.log(`[bench] ${PAIRS} conversations: owners, tenants, listings, first messages`);
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const [owner, tenant] = await Promise.all([user('homeowner'), user('tenant')]);
    const [listing] = await stack.sql<
      { data: Record<string, unknown> }[]
    >`SELECT data FROM events WHERE type = 'ListingCreated' ORDER BY position OFFSET ${i} LIMIT 1`;
    const listingId = randomUUID();
    await deps.eventStore.append(listingStreamId(listingId), LISTING_STREAM_TYPE, 0, [
      {
        type: 'ListingCreated',
        data: { ...listing!.data, listingId, ownerId: owner.id, isAvailable: true },
      },
    ]);
    const started = await post('/conversations', tenant.token, {
      listingId,
      body: bodyOf('hello', i),
      messageId: randomUUID(),
    });
    await listen(owner.token);
    pairs.push({
      conversationId: started.conversation.id,
      tenant: tenant.token,
      owner: owner.token,
    });
  }

  const send = async (pair: Pair, body: string) => {
    const at = performance.now();
    await post(`/conversations/${pair.conversationId}/messages`, pair.tenant, {
      body,
      messageId: randomUUID(),
    });
    return at;
  };
  const deliveredWithin = async (bodies: string[], ms = 30_000) => {
    const deadline = performance.now() + ms;
    while (bodies.some((b) => !received.has(b)) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
  };

  // 1. Throughput.
  console.log(`[bench] throughput: ${SENDERS} senders for ${SECONDS} s`);
  const sentBodies: string[] = [];
  const throughputStart = performance.now();
  const stopAt = throughputStart + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, s) => {
      for (let n = 0; performance.now() < stopAt; n++) {
        const body = bodyOf('t', s, n);
        // One conversation per sender: a person sends one message after another.
        await send(pairs[s % pairs.length]!, body);
        sentBodies.push(body);
      }
    }),
  );
  await deliveredWithin(sentBodies);
  const lastDelivery = Math.max(...sentBodies.map((b) => received.get(b) ?? 0));
  const delivered = sentBodies.filter((b) => received.has(b)).length;
  const throughput = delivered / ((lastDelivery - throughputStart) / 1000);

  // 2. Latency at a steady rate.
  console.log(`[bench] latency at ${RATE} messages/s for ${SECONDS} s`);
  const timings: { body: string; at: number }[] = [];
  const started = await atSteadyRate(RATE, SECONDS, (i) => {
    const body = bodyOf('l', i);
    return send(pairs[i % pairs.length]!, body).then((at) => void timings.push({ body, at }));
  });
  const achieved = (RATE * SECONDS) / ((performance.now() - started) / 1000);
  await deliveredWithin(timings.map((t) => t.body));
  const latencies = timings
    .filter((t) => received.has(t.body))
    .map((t) => received.get(t.body)! - t.at);
  const lost = timings.length - latencies.length;

  console.log(
    `\n${sentBodies.length} messages by ${SENDERS} senders over ${PAIRS} conversations: ${fmt(throughput, 0)} messages/s delivered to the receivers' streams (${sentBodies.length - delivered} not delivered)\n`,
  );
  console.log(
    `${timings.length} messages at ${fmt(achieved, 1)} messages/s for ${SECONDS} s (${lost} not delivered):\n`,
  );
  console.log('| send → receive | p50 ms | p99 ms | max ms |\n|---|---|---|---|');
  console.log(
    `| POST → the receiver's SSE event | ${fmt(percentile(latencies, 50), 0)} | ${fmt(percentile(latencies, 99), 0)} | ${fmt(Math.max(...latencies), 0)} |`,
  );
  // A receiver whose stream ends reconnects as a browser does (Last-Event-ID, after 3 s).
  console.log(`\nreceivers' streams that ended and were reopened: ${describeStreamEnds(ends)}`);
} finally {
  for (const s of streams) s.abort();
  await server.stop(true);
  await stopChild(projections, 'SIGTERM');
  await stack.stop();
}
