import type { Place } from './places.ts';

/**
 * The shape of a load scenario, shared by the k6 scripts (k6/*.ts) and the
 * autocannon runner (runner/*.ts): pure data and functions, no Node and no k6
 * imports, so both send exactly the requests a scenario describes.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as a scenario describes it; `kind` groups it in the summary and in k6's tags. */
export type LoadRequest = {
  kind: string;
  method: Method;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Statuses that count as success; anything else (or no answer) is an error of this kind. */
  expect: readonly number[];
};

/**
 * One request of a flow: built from the flow's state, and its answer folded
 * back into the state (an id to edit next, a token). `request` returns null
 * when there is nothing to send: in a setup flow the step is skipped, in an
 * iteration the iteration ends there (autocannon then starts the connection's
 * next iteration, as k6 starts the VU's next).
 */
export type Step<S> = {
  request: (state: S) => LoadRequest | null;
  response?: (state: S, status: number, body: string) => void;
};

/** What a scenario needs before it starts, read once from the target (see mix/accounts.ts). */
export type SetupFlow<Shared> = { start: () => Shared; steps: readonly Step<Shared>[] };

/** The files a scenario reads before it starts (k6 `open()`, the runner `readFile`), by path under infra/src/load. */
export type Inputs = {
  places: Place[];
  photo: Uint8Array;
};

export type Scenario<Shared, S> = {
  name: string;
  /** One line for `npm run load -- --help`. */
  about: string;
  /** The request kinds it sends, in the summary's order. */
  kinds: readonly string[];
  /** The bars of DESIGN §12 that apply to a kind: its p99 in ms (k6 thresholds; the runner's verdict). */
  p99Bars?: Readonly<Record<string, number>>;
  setup: (inputs: Inputs) => SetupFlow<Shared>;
  /**
   * The state of iteration number `n` (any integer; each runner numbers its
   * iterations its own way): what the iteration's steps read and write.
   */
  iteration: (shared: Shared, n: number, inputs: Inputs) => S;
  steps: readonly Step<S>[];
};

/** A scenario whose types are not needed by the caller (the runners, the registry). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScenario = Scenario<any, any>;
