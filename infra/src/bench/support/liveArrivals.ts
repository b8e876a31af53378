import { sseReader } from '@rentals/testing/conversations';

/** The wait the live stream asks of a client before it reconnects (its `retry:` line). */
const RECONNECT_MS = 3000;

/** How often the benchmark's streams ended before it closed them, and why. */
export type StreamEnds = { count: number; reasons: Map<string, number> };

export const newStreamEnds = (): StreamEnds => ({ count: 0, reasons: new Map() });

/** '2 (the stream ended: 1, Session ended: 1)' or '0'. */
export const describeStreamEnds = (ends: StreamEnds) =>
  ends.count === 0
    ? '0'
    : `${ends.count} (${[...ends.reasons].map(([reason, n]) => `${reason}: ${n}`).join(', ')})`;

/**
 * Opens an account's live stream (GET /api/conversations/stream) and notes in
 * `arrivals`, for each `kind` event, when the key `keyOf` finds in its data
 * first came. Like a browser's EventSource, it reconnects after the stream
 * ends, with `Last-Event-ID`, so a message sent meanwhile still arrives (late);
 * each end is counted in `ends` with its reason. Resolves once the first stream
 * is ready; aborting the controller it adds to `streams` closes it for good.
 */
export const recordArrivals = async (options: {
  url: string;
  token: string;
  kind: string;
  keyOf: (data: unknown) => string | undefined;
  arrivals: Map<string, number>;
  streams: AbortController[];
  ends?: StreamEnds;
}) => {
  const { url, token, kind, keyOf, arrivals, streams, ends = newStreamEnds() } = options;
  const controller = new AbortController();
  streams.push(controller);
  let lastEventId: string | undefined;

  const connect = async () => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const res = await fetch(url, { headers, signal: controller.signal });
    const events = sseReader(res);
    await events.next((e) => e.event === 'ready');
    return events;
  };

  const follow = async (events: Awaited<ReturnType<typeof connect>>) => {
    for (;;) {
      const event = await events.next();
      if (event.id) lastEventId = event.id;
      if (event.event === 'closed') throw new Error((event.data as { message: string }).message);
      if (event.event !== kind) continue;
      const key = keyOf(event.data);
      if (key && !arrivals.has(key)) arrivals.set(key, performance.now());
    }
  };

  const first = await connect();
  void (async () => {
    for (let events = first; ;) {
      const reason = await follow(events).catch((error: Error) => error.message);
      if (controller.signal.aborted) return;
      ends.count++;
      ends.reasons.set(reason, (ends.reasons.get(reason) ?? 0) + 1);
      for (;;) {
        await new Promise((r) => setTimeout(r, RECONNECT_MS));
        if (controller.signal.aborted) return;
        const next = await connect().catch(() => undefined);
        if (next) {
          events = next;
          break;
        }
      }
    }
  })();
};
