import { sseReader } from '@rentals/testing/conversations';

/**
 * Opens an account's live stream (GET /api/conversations/stream) and notes in
 * `arrivals`, for each `kind` event, when the key `keyOf` finds in its data
 * first came. Resolves once the stream is ready; aborting the controller it
 * adds to `streams` closes it.
 */
export const recordArrivals = async (options: {
  url: string;
  token: string;
  kind: string;
  keyOf: (data: unknown) => string | undefined;
  arrivals: Map<string, number>;
  streams: AbortController[];
}) => {
  const { url, token, kind, keyOf, arrivals, streams } = options;
  const controller = new AbortController();
  streams.push(controller);
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events = sseReader(res);
  await events.next((e) => e.event === 'ready');
  void (async () => {
    for (;;) {
      const event = await events.next((e) => e.event === kind).catch(() => null);
      if (!event) return;
      const key = keyOf(event.data);
      if (key && !arrivals.has(key)) arrivals.set(key, performance.now());
    }
  })();
};
