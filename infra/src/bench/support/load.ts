// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed); the shape we use is below.
import autocannonUntyped from 'autocannon';

export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
export type LoadResult = {
  requests: { average: number; total: number };
  latency: Histogram;
  errors: number;
  non2xx: number;
  duration: number;
};

type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: LoadResult) => void,
) => unknown;
const autocannon = autocannonUntyped as Autocannon;

/**
 * Runs one load phase: `connections` clients cycling through `requests`
 * for `seconds`; with `rate`, the total request rate is capped (for latency
 * at a fixed fraction of peak).
 */
export const load = (
  url: string,
  requests: LoadRequest[],
  opts: { connections: number; seconds: number; rate?: number },
) =>
  new Promise<LoadResult>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: opts.connections,
        duration: opts.seconds,
        requests,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
