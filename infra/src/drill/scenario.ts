import type { Ledger, LoadContext, Recorder, RunningLoad } from './load.ts';
import type { Stack, StackKind } from './stack.ts';

/** What a scenario did to the stack, for the recovery measurement and the bar. */
export type Fault = {
  /** When it began (the kill, the pause), ms since the epoch. */
  start: number;
  /** When the drill stopped causing it (= start for a kill; the SIGCONT of a pause). */
  end: number;
  /** The processes it killed: the stack has recovered only once each runs again under a new pid. */
  killed: { name: string; pid: number }[];
  /** How it went, for the report (e.g. what the kill hit). */
  note?: string;
};

export type ScenarioContext = {
  stack: Stack;
  load: LoadContext;
  recorder: Recorder;
  ledger: Ledger;
  /** How long the load runs. */
  durationMs: number;
  log: (line: string) => void;
};

export type ScenarioCheck = { lines: string[]; breaches: string[] };

/**
 * One drill: a fault injected into a running stack under the standard load.
 * A scenario file under `scenarios/` calls `scenario({...})`; `npm run drill`
 * loads every file there, so adding a scenario (or a stack kind with it) is
 * adding one file.
 */
export type Scenario = {
  name: string;
  summary: string;
  /** Its place in the default run (lower first). */
  order: number;
  stack: StackKind;
  /** Load of its own beside the standard mix, for as long as the load runs. */
  extraLoad?: (ctx: ScenarioContext) => RunningLoad;
  /** Called a third of the way into the load; resolves once the fault is injected (and lifted, for a pause). */
  inject: (ctx: ScenarioContext) => Promise<Fault>;
  /** Checks of its own once the stack has recovered and the load has stopped; a breach fails the drill. */
  check?: (ctx: ScenarioContext, fault: Fault) => Promise<ScenarioCheck>;
};

const registered: Scenario[] = [];

export const scenario = (definition: Scenario) => {
  if (registered.some((s) => s.name === definition.name))
    throw new Error(`two drill scenarios are called ${definition.name}`);
  registered.push(definition);
};

export const registeredScenarios = () => [...registered].sort((a, b) => a.order - b.order);

/** SIGKILL the stack's process `name` (as its supervisor recorded it). */
export const killProcess = (stack: Stack, name: string, note?: string): Fault => {
  const pid = stack.pid(name);
  if (pid === undefined) throw new Error(`the stack has no process called ${name}`);
  process.kill(pid, 'SIGKILL');
  const at = Date.now();
  return { start: at, end: at, killed: [{ name, pid }], note };
};
