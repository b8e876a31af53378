import type { Sql } from '@rentals/core/db';
import type { Meilisearch } from 'meilisearch';

/**
 * A running product the drill loads and breaks: the dev runner's stack
 * (devStack.ts), or anything else that serves the same HTTP API and keeps
 * its processes running by itself (a cluster behind a proxy).
 */
export type Stack = {
  /** Where clients send their requests (the web process, or the proxy in front of several). */
  url: string;
  /** Holds the media (`media/`), the public pages (`public-site/`) and the logs (`logs/`). */
  dataDir: string;
  /** What an operations command (`npm run verify`, `npm run media:sweep`) needs to find this stack's servers. */
  env: Record<string, string>;
  /** The database's URL, for a fresh connection (a pool may hold connections that died with the server). */
  databaseUrl: string;
  /** The event log and read models, for the checks after each scenario (not used while a fault is on). */
  sql: Sql;
  meili: Meilisearch;
  /** The pid of a named process as its supervisor last recorded it (after a restart, the new one). */
  pid: (name: string) => number | undefined;
  /** Every process the supervisor runs, by name, with its current pid. */
  pids: () => Record<string, number>;
  /** Lines the stack's runner printed since it started (restarts, errors): shown when a scenario fails. */
  output: () => string;
  stop: () => Promise<void>;
};

export type StackOptions = {
  /** Listings the seed creates before the first scenario. */
  listings: number;
  /** Keep the data directory after stopping (to look at the logs). */
  keep: boolean;
  log: (line: string) => void;
};

/**
 * How to start one kind of stack. Scenarios that name the same kind share
 * one stack, started once before the first of them and stopped after the last.
 */
export type StackKind = {
  name: string;
  start: (options: StackOptions) => Promise<Stack>;
};
