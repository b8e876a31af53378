import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopChild } from '../services/childServer.ts';
import { startBun } from './bunProcess.ts';
import { supervise } from './supervisor.ts';

// The runner's supervision of one service, on real Bun processes started as the runner starts its own.

let dir: string;
const lines: string[] = [];
const spawned: number[] = [];
const say = (line: string) => lines.push(line);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'supervisor-'));
  lines.length = 0;
});
afterEach(async () => {
  for (const pid of spawned.splice(0))
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  await rm(dir, { recursive: true, force: true });
});

/** A service whose process says `starting <pid>` and becomes ready on SIGUSR1 (or at once with `ready`). */
const service = async (body: string) => {
  const script = join(dir, 'service.ts');
  await writeFile(script, body);
  const starting: number[] = [];
  return {
    starting,
    definition: {
      name: 'svc',
      start: () =>
        startBun(
          script,
          {},
          (line) => {
            const pid = /^starting (\d+)$/.exec(line)?.[1];
            if (pid) {
              starting.push(Number(pid));
              spawned.push(Number(pid));
            }
          },
          (line) => line === 'ready',
        ),
      stop: (child: ChildProcess) => stopChild(child, 'SIGTERM'),
    },
  };
};

const WAITS_FOR_USR1 = `process.on('SIGUSR1', () => console.log('ready'));
console.log('starting ' + process.pid);
setInterval(() => {}, 1000);`;

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
};

describe('supervise', () => {
  // A projections process killed during the first start used to stop the whole stack.
  it('starts again a process that exits during its first start, in one line, and resolves with the new one', async () => {
    const svc = await service(WAITS_FOR_USR1);
    const supervisor = supervise(svc.definition, { say, firstDelayMs: 10 });
    const started = supervisor.start();
    await until(() => svc.starting.length === 1);
    process.kill(svc.starting[0]!, 'SIGKILL');
    await until(() => svc.starting.length === 2);
    process.kill(svc.starting[1]!, 'SIGUSR1');
    const child = await started;
    expect(child.pid).toBe(svc.starting[1]);
    expect(lines).toEqual([
      'svc could not start: exited during start-up (SIGKILL); restarting in 0.01 s',
      `svc restarted (pid ${svc.starting[1]})`,
    ]);
    await supervisor.stop();
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('gives up on a first start after its attempts, with the reason', async () => {
    const svc = await service(`console.log('starting ' + process.pid); process.exit(3);`);
    const supervisor = supervise(svc.definition, { say, firstDelayMs: 10, startAttempts: 3 });
    await expect(supervisor.start()).rejects.toThrow('exited during start-up (exit code 3)');
    expect(svc.starting).toHaveLength(3);
    expect(lines).toEqual([
      'svc could not start: exited during start-up (exit code 3); restarting in 0.01 s',
      'svc could not start: exited during start-up (exit code 3); restarting in 0.02 s',
    ]);
  });

  it('stops a process that is still starting when the runner stops', async () => {
    const svc = await service(WAITS_FOR_USR1);
    const supervisor = supervise(svc.definition, { say, firstDelayMs: 10 });
    const started = supervisor.start();
    await until(() => svc.starting.length === 1);
    const stopped = supervisor.stop();
    process.kill(svc.starting[0]!, 'SIGUSR1');
    await stopped;
    const child = await started;
    expect(child.signalCode).toBe('SIGTERM');
  });
});
