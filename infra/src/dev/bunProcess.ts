import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BULK_ALLOCATOR_ENV } from '../services/bulkAllocator.ts';
import { stopChild } from '../services/childServer.ts';
import { pipeLines } from './labelledOutput.ts';
import type { Service } from './supervisor.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A Bun process of ours; resolves once `ready` says so, rejects when it exits first. */
export const startBun = (
  script: string,
  env: Record<string, string>,
  log: (line: string) => void,
  ready: (line: string) => boolean,
  readyCheck?: () => Promise<boolean>,
): Promise<ChildProcess> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolvePromise(child);
    };
    const print = (line: string) => {
      log(line);
      if (ready(line)) done();
    };
    pipeLines(child.stdout, print);
    pipeLines(child.stderr, print);
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      reject(new Error(`exited during start-up (${signal ?? `exit code ${code}`})`));
    });
    if (readyCheck)
      void (async () => {
        while (!settled) {
          if (await readyCheck()) return done();
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
  });

/** A readiness check for `startBun`: the URL answers at all. */
export const answers = (url: string) => () =>
  fetch(url).then(
    () => true,
    () => false,
  );

/** One of our Bun processes as a service the runner keeps (restarts), stopped with SIGTERM. */
export const bunService = (
  name: string,
  script: string,
  env: Record<string, string>,
  log: (line: string) => void,
  ready: (line: string) => boolean,
  readyCheck?: () => Promise<boolean>,
): Service => ({
  name,
  start: () => startBun(script, env, log, ready, readyCheck),
  stop: (child) => stopChild(child, 'SIGTERM'),
});

/** A web process (api/src/main.ts): ready once `healthUrl` answers, whatever it logs. */
export const webService = (
  name: string,
  env: Record<string, string>,
  log: (line: string) => void,
  healthUrl: string,
) => bunService(name, 'api/src/main.ts', env, log, () => false, answers(healthUrl));

/** A projections process, with the bulk allocator's settings: ready when it says it runs. */
export const projectionsService = (
  name: string,
  env: Record<string, string>,
  log: (line: string) => void,
) =>
  bunService(name, 'projections/src/main.ts', { ...env, ...BULK_ALLOCATOR_ENV }, log, (line) =>
    line.includes('projections running'),
  );
