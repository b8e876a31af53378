/**
 * The one way the site talks to the API (SPEC §7): same origin, JSON, a 10 s
 * time-out, and the stored bearer token when there is one. Every write is one
 * user action with one Idempotency-Key, sent again on its retries.
 */
import type { ApiResponse, ApiRoute } from '@rentals/core/contract/routes';
import { text } from './i18n.ts';

export const TOKEN_KEY = 'token';
export const API_TIMEOUT_MS = 10_000;

/** Tries of one write, the first included, while its outcome is not known. */
export const WRITE_TRIES = 4;
/** The longest wait between two tries, whatever Retry-After says (seconds). */
const MAX_RETRY_WAIT_SECONDS = 5;

export type ServerFieldError = { path?: string; param?: string; msg: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ServerFieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const readToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

export const storeToken = (token: string | null): void => {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage disabled (private mode): the session then lasts one page
  }
};

let onUnauthorized: () => void = () => {};
/** The auth store registers what a 401 with a stored token means (SPEC §8). */
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  query?: URLSearchParams;
  /** Set for calls whose 401 means "wrong password", not "session ended". */
  skipUnauthorizedHandler?: boolean;
  /** Cancels the request (a superseded one); the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * The write's Idempotency-Key; by default a new one per call. A form passes its own to keep
   * one key across the user's own second click after an unclear failure.
   */
  idempotencyKey?: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A new Idempotency-Key: a UUID, or 32 random hex digits where randomUUID is missing (plain http on a LAN address). */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');

type Sent = { response: Response } | { lost: ApiError };

const send = async (url: string, init: RequestInit, signal?: AbortSignal): Promise<Sent> => {
  try {
    const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
    return {
      response: await fetch(url, {
        ...init,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }),
    };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      lost: new ApiError(0, timedOut ? text('common.timedOut') : text('common.networkError')),
    };
  }
};

/**
 * A write whose outcome is not known yet: no answer (the proxy's 502 and 504 included), 202
 * (still being saved at the server's deadline), 409 with Retry-After (the first try still runs)
 * or 503 (not done): tried again with the same key, which answers the first outcome if there was one.
 */
const unsettled = (sent: Sent) =>
  'lost' in sent ||
  sent.response.status === 202 ||
  sent.response.status === 502 ||
  sent.response.status === 503 ||
  sent.response.status === 504 ||
  (sent.response.status === 409 && sent.response.headers.has('retry-after'));

const retryWaitMs = (sent: Sent) => {
  const header = 'lost' in sent ? null : sent.response.headers.get('retry-after');
  const seconds = Number(header ?? 1);
  return (
    Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 1, MAX_RETRY_WAIT_SECONDS) * 1000
  );
};

/**
 * GETs a page's inline head script started before any module loaded (`window.earlyGets`, by
 * URL; islands/propertiesPage/firstPage.ts), each taken once: the first call for that URL waits
 * for it instead of asking again. One that failed to send is sent again.
 */
const takeEarlyGet = (
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<Sent> | null => {
  const early = (globalThis as { earlyGets?: Map<string, Promise<Response>> }).earlyGets;
  const response = early?.get(url);
  if (!response) return null;
  early?.delete(url);
  return response.then(
    (answered) => ({ response: answered }),
    () => send(url, init, signal),
  );
};

export const api = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  // The page's language (its <html lang>, e.g. hi-IN): the API answers errors in it.
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers['accept-language'] = language;
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const write = method !== 'GET';
  if (write) headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey();
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const query = options.query?.toString();
  const url = `/api${path}${query ? `?${query}` : ''}`;
  let sent =
    (write ? null : await takeEarlyGet(url, { method, headers }, options.signal)) ??
    (await send(url, { method, headers, body }, options.signal));
  for (let tries = 1; write && tries < WRITE_TRIES && unsettled(sent); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, retryWaitMs(sent)));
    sent = await send(url, { method, headers, body }, options.signal);
  }
  if ('lost' in sent) throw sent.lost;
  const { response } = sent;
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  // A write still pending after its tries is no success: say so rather than show nothing.
  if (!response.ok || (write && response.status === 202)) {
    if (response.status === 401 && token && !options.skipUnauthorizedHandler) onUnauthorized();
    const message = isRecord(data) && typeof data.message === 'string' ? data.message : '';
    const errors =
      isRecord(data) && Array.isArray(data.errors) ? (data.errors as ServerFieldError[]) : [];
    throw new ApiError(response.status, message, errors);
  }
  return data as T;
};

/** The path of a route key ('GET /properties/:id' gives '/properties/:id'). */
type PathOf<R extends string> = R extends `${string} ${infer Path}` ? Path : never;
/** The names of a path's `:name` parameters. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type RouteParams<R extends ApiRoute> = Record<ParamNames<PathOf<R>>, string>;
type RouteOptions<R extends ApiRoute> = Omit<RequestOptions, 'method'> &
  ([ParamNames<PathOf<R>>] extends [never] ? { params?: never } : { params: RouteParams<R> });

/** A route key's method and its path with each `:name` filled in, encoded. */
export const routeRequest = (
  route: ApiRoute,
  params: Record<string, string> = {},
): { method: NonNullable<RequestOptions['method']>; path: string } => {
  const [method, pattern = ''] = route.split(' ');
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return { method: method as NonNullable<RequestOptions['method']>, path };
};

/**
 * `api` for a route of the contract (core/src/contract/routes.ts): the method and path come
 * from the route's key, the answer's type from its response schema, so no call site restates
 * what a route answers. Sends exactly what `api` sends (its tries, keys and errors).
 */
export const apiRoute = <R extends ApiRoute>(
  route: R,
  ...[options]: [ParamNames<PathOf<R>>] extends [never]
    ? [options?: RouteOptions<R>]
    : [options: RouteOptions<R>]
): Promise<ApiResponse<R>> => {
  const { params, ...rest } = (options ?? {}) as RequestOptions & {
    params?: Record<string, string>;
  };
  const { method, path } = routeRequest(route, params);
  return api<ApiResponse<R>>(path, { ...rest, method });
};

/** 'Validation failed: path: msg, ...' when the server sent field errors, else its message. */
export const describeError = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    if (error.errors.length > 0)
      return `${error.message || text('common.validationFailed')}: ${error.errors
        .map((e) => `${e.path ?? e.param ?? ''}: ${e.msg}`)
        .join(', ')}`;
    return error.message || fallback;
  }
  return fallback;
};
