import {
  Meilisearch,
  MeilisearchApiError,
  MeilisearchRequestError,
  MeilisearchRequestTimeOutError,
  MeilisearchTaskTimeOutError,
  type EnqueuedTaskPromise,
  type Task,
} from 'meilisearch';

/**
 * Meilisearch through its official client, for the search index, its
 * queries and the gazetteer. Every request has a timeout, and callers tell
 * "Meilisearch is unavailable" (wait, retry or degrade) from "Meilisearch
 * refused this" (a state of the index, or a bug).
 */
export type MeiliConfig = { url: string; key: string };

export const createMeili = (config: MeiliConfig, timeoutMs = 5000) =>
  new Meilisearch({ host: config.url, apiKey: config.key, timeout: timeoutMs });

/**
 * One search of an index as a plain keep-alive fetch, for the hot path of every tenant's search
 * (searchInMeili): the client's request wrapping (a URL object, merged headers, its own abort
 * controller and timer beside the caller's signal) cost ~25 µs of the web process's CPU per search
 * in `npm run bench:search`'s profile, on two shared CPUs taken from Meilisearch itself.
 * Failures are the client's own error classes, so callers tell them apart as before.
 */
export const searchIndex = async <T>(
  meili: Meilisearch,
  index: string,
  body: object,
  signal?: AbortSignal,
): Promise<T> => {
  const { host, apiKey } = meili.config;
  const base = /^https?:\/\//.test(host) ? host : `http://${host}`;
  const url = `${base.replace(/\/$/, '')}/indexes/${encodeURIComponent(index)}/search`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    throw new MeilisearchRequestError(url, error);
  }
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok)
    throw new MeilisearchApiError(
      response,
      parsed as ConstructorParameters<typeof MeilisearchApiError>[1],
    );
  return parsed as T;
};

/** Could not be reached, timed out, or failed on its side (5xx): a transient condition. */
export const isMeiliUnavailable = (error: unknown): error is Error =>
  error instanceof MeilisearchRequestError ||
  error instanceof MeilisearchRequestTimeOutError ||
  error instanceof MeilisearchTaskTimeOutError ||
  (error instanceof MeilisearchApiError && error.response.status >= 500);

/** Answered with a 4xx: the request, or the index it names, is wrong. */
export const isMeiliRefusal = (error: unknown): error is MeilisearchApiError =>
  error instanceof MeilisearchApiError && error.response.status < 500;

/** The error code of a refusal ('index_not_found', …). */
export const refusalCode = (error: MeilisearchApiError) => error.cause?.code ?? 'unknown';

const throwUnlessSucceeded = (done: Task) => {
  if (done.status !== 'succeeded')
    throw new Error(
      `Meilisearch task ${done.uid} ${done.status}: ${done.error?.message ?? 'no reason given'}`,
    );
  return done;
};

/** Waits until a task is done; throws if it failed, so callers never advance past a lost write. */
export const succeeded = async (task: EnqueuedTaskPromise, timeout = 60_000): Promise<Task> =>
  throwUnlessSucceeded(await task.waitTask({ timeout, interval: 10 }));

/** `succeeded` for a task enqueued earlier, by its uid (a batch sent ahead, see searchProjection.ts). */
export const succeededTask = async (
  meili: Meilisearch,
  uid: number,
  timeout = 60_000,
): Promise<Task> =>
  throwUnlessSucceeded(await meili.tasks.waitForTask(uid, { timeout, interval: 10 }));
