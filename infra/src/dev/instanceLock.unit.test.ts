import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlreadyRunningError, acquireInstanceLock, recordChildren } from './instanceLock.ts';

// The lock that keeps a second `npm run dev`, cluster or benchmark off a data directory in use.

let dir: string;
const children: ChildProcess[] = [];
const lines: string[] = [];
const log = (line: string) => lines.push(line);

/**
 * A live process that looks like ours to the lock (a bun or node binary running a sleep).
 * It is returned once it runs: until its exec, /proc/<pid>/cmdline is empty and the
 * lock rightly leaves a process it cannot recognise alone (a CI run timed out on that).
 */
const sleeper = async (script = 'setTimeout(() => {}, 60_000)') => {
  const child = spawn(process.execPath, ['-e', `console.log("up"); ${script}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return child;
};
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instance-lock-'));
  lines.length = 0;
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('one runner per data directory', () => {
  it('refuses while the holder lives, naming it and what to do', async () => {
    const holder = await sleeper();
    await writeFile(join(dir, 'bench.lock'), String(holder.pid));
    const taking = acquireInstanceLock(join(dir, 'bench.lock'), join(dir, 'pids.json'), log, {
      what: 'benchmark',
      hint: 'Wait for it to end, or set BENCH_DIR to a separate data directory.',
    });
    await expect(taking).rejects.toThrow(AlreadyRunningError);
    await expect(taking).rejects.toThrow(
      `Another benchmark (pid ${holder.pid}) is already running with this data directory. Wait for it to end, or set BENCH_DIR to a separate data directory.`,
    );
    expect(await readFile(join(dir, 'bench.lock'), 'utf8')).toBe(String(holder.pid));
  });

  it('names `npm run dev` when no holder is given', async () => {
    const holder = await sleeper();
    await writeFile(join(dir, 'dev.lock'), String(holder.pid));
    await expect(
      acquireInstanceLock(join(dir, 'dev.lock'), join(dir, 'pids.json'), log),
    ).rejects.toThrow(`Another \`npm run dev\` (pid ${holder.pid})`);
  });

  it("takes over a dead holder's lock and stops the children it recorded", async () => {
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await exited(dead);
    const orphan = await sleeper();
    await writeFile(join(dir, 'bench.lock'), String(dead.pid));
    await recordChildren(join(dir, 'pids.json'), { api: orphan.pid! });
    const lock = await acquireInstanceLock(join(dir, 'bench.lock'), join(dir, 'pids.json'), log);
    await exited(orphan);
    expect(orphan.signalCode).toBe('SIGTERM');
    expect(await readFile(join(dir, 'bench.lock'), 'utf8')).toBe(String(process.pid));
    expect(lines.join('\n')).toContain(`stopping leftover api (pid ${orphan.pid})`);
    await lock.release();
    expect(existsSync(join(dir, 'bench.lock'))).toBe(false);
  });

  // The next start checked the ports while Postgres was still shutting down: "port 54329 … is already in use".
  it('resolves only once the leftovers have exited, however long their shutdown takes', async () => {
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await exited(dead);
    const slow = await sleeper(
      'process.on("SIGTERM", () => setTimeout(() => process.exit(0), 1500)); setInterval(() => {}, 1000)',
    );
    await writeFile(join(dir, 'dev.lock'), String(dead.pid));
    await recordChildren(join(dir, 'pids.json'), { meilisearch: slow.pid! });
    const lock = await acquireInstanceLock(join(dir, 'dev.lock'), join(dir, 'pids.json'), log);
    // Gone, or a zombie waiting for this test process to collect it: either way its ports are closed.
    const stat = await readFile(`/proc/${slow.pid}/stat`, 'utf8').catch(() => 'gone');
    expect(stat === 'gone' || / Z /.test(stat), stat).toBe(true);
    await lock.release();
  });
});
