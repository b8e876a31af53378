/**
 * A small typed client for the parts of the Meilisearch HTTP API we use. Our
 * own thin layer (rather than the JS client) keeps the search hot path to one
 * fetch, gives every call a timeout, and lets callers tell "Meilisearch is
 * unreachable" (degrade, retry) from "Meilisearch refused this" (a bug).
 */
export type MeiliConfig = { url: string; key: string };

/** Meilisearch could not be reached or answered 5xx/timeout: a transient condition. */
export class MeiliUnavailableError extends Error {}

/** Meilisearch answered with a 4xx: the request itself is wrong. */
export class MeiliRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type MeiliTask = {
  taskUid?: number;
  uid?: number;
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  error?: { message: string; code: string } | null;
};

export const createMeiliHttp = (config: MeiliConfig, timeoutMs = 5000) => {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${config.key}` };

  const request = async <T>(
    method: string,
    path: string,
    body?: unknown,
    timeout = timeoutMs,
  ): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${config.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      throw new MeiliUnavailableError(
        `Meilisearch unreachable (${method} ${path}): ${(error as Error).message}`,
      );
    }
    const text = await response.text();
    if (response.status >= 500)
      throw new MeiliUnavailableError(
        `Meilisearch answered ${response.status} (${method} ${path}): ${text}`,
      );
    if (response.status >= 400) {
      const parsed = JSON.parse(text || '{}') as { code?: string; message?: string };
      throw new MeiliRequestError(
        response.status,
        parsed.code ?? 'unknown',
        parsed.message ?? text,
      );
    }
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const taskUid = (task: MeiliTask) => task.taskUid ?? task.uid ?? -1;

  /** Waits until a task is done; throws if it failed, so callers never advance past a lost write. */
  const waitTask = async (task: MeiliTask, timeout = 60_000): Promise<MeiliTask> => {
    const uid = taskUid(task);
    const deadline = Date.now() + timeout;
    for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
      const current = await request<MeiliTask>('GET', `/tasks/${uid}`);
      if (current.status === 'succeeded') return current;
      if (current.status === 'failed' || current.status === 'canceled')
        throw new Error(
          `Meilisearch task ${uid} ${current.status}: ${current.error?.message ?? 'no reason given'}`,
        );
      if (Date.now() > deadline)
        throw new MeiliUnavailableError(`Meilisearch task ${uid} not done within ${timeout} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  };

  return { request, waitTask, config };
};

export type MeiliHttp = ReturnType<typeof createMeiliHttp>;
