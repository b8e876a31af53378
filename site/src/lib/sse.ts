/**
 * Server-sent events read with fetch: the site's token is a bearer token
 * (localStorage), which EventSource cannot send, and a token never goes in a
 * URL. This is the text/event-stream format, parsed incrementally.
 */
export type SseEvent = { id: string | undefined; event: string; data: string };

/** Feeds text as it arrives; returns the complete events it finished. */
export const sseParser = () => {
  let buffer = '';
  return (chunk: string): SseEvent[] => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ id, event, data: data.join('\n') });
    }
    return events;
  };
};

export type LiveOptions = {
  url: string;
  token: () => string | null;
  onEvent: (event: SseEvent) => void;
  /** The server refused the session (401): the stream stops for good. */
  onUnauthorized?: () => void;
  /** Waits before reconnecting: 1 s, doubling up to 30 s, reset by every event. */
  maxBackoffMs?: number;
};

/**
 * Keeps one stream open: reconnects after a drop with the id of the last
 * event it saw (Last-Event-ID), so nothing sent meanwhile is missed.
 */
export const openLiveStream = (options: LiveOptions) => {
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let backoff = 1000;
  const maxBackoff = options.maxBackoffMs ?? 30_000;

  const once = async () => {
    const token = options.token();
    if (!token) return 'stop';
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
    };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const response = await fetch(options.url, { headers, signal: controller.signal });
    if (response.status === 401) {
      options.onUnauthorized?.();
      return 'stop';
    }
    if (!response.ok || !response.body) return 'retry';
    const parse = sseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'retry';
      for (const event of parse(value)) {
        if (event.id !== undefined) lastEventId = event.id;
        backoff = 1000;
        options.onEvent(event);
      }
    }
  };

  const loop = async () => {
    while (!controller.signal.aborted) {
      const outcome = await once().catch(() => 'retry');
      if (outcome === 'stop' || controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, backoff));
      backoff = Math.min(backoff * 2, maxBackoff);
    }
  };
  void loop();
  return { stop: () => controller.abort() };
};
