import type { EventEmitter } from 'node:events';
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed); the shape we use is below.
import autocannonUntyped from 'autocannon';
import type { AnyScenario, Inputs, LoadRequest } from '../mix/scenario.ts';
import type { Recorder } from './recorder.ts';

type Request = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
};
type Context = { state?: unknown; sent?: LoadRequest };
type Slot = {
  setupRequest: (defaults: Request, context: Context) => Request | null;
  onResponse: (status: number, body: string, context: Context) => void;
};
type Result = { errors: number; timeouts: number; duration: number };
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: Result) => void,
) => EventEmitter;
const autocannon = autocannonUntyped as Autocannon;

export type DriveOptions = {
  baseUrl: string;
  seconds: number;
  connections: number;
  /** Requests per second, all connections together; without it, as fast as answers come. */
  rate?: number;
  /**
   * Stop after this many requests (spread over the connections) instead of
   * after `seconds`: a whole number of iterations per connection, whatever
   * the machine's speed (the smoke tests).
   */
  requests?: number;
  /** Numbers this run's iterations from here (soak: one range per scenario). */
  firstIteration?: number;
};

/**
 * Drives a scenario with autocannon: each connection runs the scenario's
 * steps in order as one iteration, then starts the next, for `seconds`.
 * Every answer goes into `recorder` with its kind and whether its status was
 * expected; a request that got no answer (timeout, reset) as an error of the
 * kind `no answer`.
 */
export const drive = (
  scenario: AnyScenario,
  shared: unknown,
  inputs: Inputs,
  recorder: Recorder,
  options: DriveOptions,
) => {
  let iteration = options.firstIteration ?? 0;
  // autocannon calls a slot's onResponse right before it emits 'response' with the timing, in one tick.
  let answered: LoadRequest | undefined;
  const requests: Slot[] = scenario.steps.map((step, i) => ({
    setupRequest: (defaults, context) => {
      if (i === 0) context.state = scenario.iteration(shared, iteration++, inputs);
      const r = step.request(context.state);
      // Nothing to send: autocannon starts this connection's next iteration.
      if (!r) return null;
      context.sent = r;
      return {
        ...defaults,
        method: r.method,
        path: r.path,
        headers: r.headers ?? {},
        body:
          r.body === undefined || typeof r.body === 'string'
            ? r.body
            : Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength),
      };
    },
    onResponse: (status, body, context) => {
      answered = context.sent;
      step.response?.(context.state, status, body);
    },
  }));
  // With an overall rate, autocannon gives each connection rate ÷ connections, rounded down: 0 would mean unlimited.
  const connections = options.rate
    ? Math.max(1, Math.min(options.connections, options.rate))
    : options.connections;
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections,
        ...(options.requests ? { amount: options.requests } : { duration: options.seconds }),
        requests,
        timeout: 10,
        ...(options.rate ? { overallRate: options.rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      const sent = answered;
      answered = undefined;
      if (!sent) return;
      recorder.add({
        at: Date.now(),
        kind: sent.kind,
        ms,
        status,
        ok: sent.expect.includes(status),
      });
    });
    const lost = () =>
      recorder.add({ at: Date.now(), kind: 'no answer', ms: NaN, status: null, ok: false });
    instance.on('reqError', lost);
  });
};
