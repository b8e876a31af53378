/**
 * The one way the site talks to the API (SPEC §7): same origin, JSON, a 10 s
 * time-out, and the stored bearer token when there is one.
 */
export const TOKEN_KEY = 'token';
export const API_TIMEOUT_MS = 10_000;

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
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export const api = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const query = options.query?.toString();
  let response: Response;
  try {
    response = await fetch(`/api${path}${query ? `?${query}` : ''}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(API_TIMEOUT_MS)])
        : AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? 'The server took too long to answer.' : 'Network error');
  }
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token && !options.skipUnauthorizedHandler) onUnauthorized();
    const message = isRecord(data) && typeof data.message === 'string' ? data.message : '';
    const errors =
      isRecord(data) && Array.isArray(data.errors) ? (data.errors as ServerFieldError[]) : [];
    throw new ApiError(response.status, message, errors);
  }
  return data as T;
};

/** 'Validation failed: path: msg, ...' when the server sent field errors, else its message. */
export const describeError = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    if (error.errors.length > 0)
      return `${error.message || 'Validation failed'}: ${error.errors
        .map((e) => `${e.path ?? e.param ?? ''}: ${e.msg}`)
        .join(', ')}`;
    return error.message || fallback;
  }
  return fallback;
};
