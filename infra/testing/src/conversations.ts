import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { postgresReadModels } from '@rentals/projections/registry';
import { startProjection } from '@rentals/projections/runner/runner';
import { appendListingEvents, listingCreated } from './listingFixtures.ts';
import type { TestApp } from './testApp.ts';

/**
 * The Postgres read models running against a test's database as the
 * projections process runs them: conversations need the live projection
 * (writes wait for it, live streams are woken by its NOTIFY).
 */
export const runReadModels = (db: Sql) => {
  const runners = postgresReadModels.map((p) =>
    startProjection(db, p, { batchSize: 200, pollIntervalMs: 20 }),
  );
  return {
    caughtUp: () => Promise.all(runners.map((r) => r.whenCaughtUp())).then(() => undefined),
    stop: () => Promise.all(runners.map((r) => r.stop())).then(() => undefined),
  };
};

/** A listed property of `ownerId`, written as events (as the write side would). */
export const listingOf = async (
  t: TestApp,
  ownerId: string,
  title = 'Sunny 2BHK near the metro',
) => {
  const listingId = randomUUID();
  await appendListingEvents(
    t.deps.eventStore,
    listingId,
    [listingCreated(listingId, { ownerId, fields: { title } })],
    ownerId,
  );
  return listingId;
};

export type SseEvent = { id?: string; event: string; data: unknown };

/**
 * Reads a server-sent-events response as a client would, event by event.
 * `next(match)` resolves with the first coming event that matches (events
 * before it are consumed), `nextOf(name)` with the first of that name;
 * `close()` disconnects.
 */
export const sseReader = (response: Response) => {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: SseEvent[] = [];
  const parse = () => {
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line === '') continue;
        const at = line.indexOf(':');
        fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
      }
      if (fields.data === undefined) continue;
      queue.push({
        id: fields.id,
        event: fields.event ?? 'message',
        data: JSON.parse(fields.data),
      });
    }
  };
  const next = async (match: (e: SseEvent) => boolean = () => true): Promise<SseEvent> => {
    for (;;) {
      while (queue.length > 0) {
        const event = queue.shift()!;
        if (match(event)) return event;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
      parse();
    }
  };
  const nextOf = (event: string) => next((e) => e.event === event);
  return { next, nextOf, close: () => reader.cancel().catch(() => undefined) };
};

/** Opens the user's live stream on an app (optionally resuming after `lastEventId`). */
export const openStream = async (t: Pick<TestApp, 'app'>, token: string, lastEventId?: string) => {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await t.app.handle(
    new Request('http://localhost/api/conversations/stream', { headers }),
  );
  return { response, ...sseReader(response) };
};

/** The user's live stream once it has said `ready`: what happens from then on reaches it. */
export const openReadyStream = async (t: Pick<TestApp, 'app'>, token: string) => {
  const stream = await openStream(t, token);
  await stream.nextOf('ready');
  return stream;
};
