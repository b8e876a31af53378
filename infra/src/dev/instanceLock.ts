import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { processAlive as alive } from '@rentals/core/processAlive';

export class AlreadyRunningError extends Error {}

/** Who holds a data directory, and what to do about it, for the refusal's message. */
type Holder = { what: string; hint: string };

const DEV_RUNNER: Holder = {
  what: '`npm run dev`',
  hint: 'Stop it first (Ctrl-C in its terminal), or set DATA_DIR to use a separate data directory.',
};

/**
 * One `npm run dev` (or benchmark) per data directory: a second one would
 * start a second Postgres on the same files, and its launcher stops the
 * first one's. The lock holds our pid; a lock left by a runner that died is
 * taken over, and the children it recorded are stopped first, and have exited
 * when this resolves.
 */
export const acquireInstanceLock = async (
  lockFile: string,
  pidsFile: string,
  log: (l: string) => void,
  holder: Holder = DEV_RUNNER,
) => {
  await mkdir(dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(lockFile, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && alive(owner))
        throw new AlreadyRunningError(
          `Another ${holder.what} (pid ${owner}) is already running with this data directory. ${holder.hint}`,
        );
      log(`found a lock from a runner that is gone (pid ${owner || '?'}); cleaning up after it`);
      await stopRecordedChildren(pidsFile, log);
      await rm(lockFile, { force: true });
    }
  }
  throw new AlreadyRunningError(`Could not take the lock ${lockFile}`);
};

/** Child process ids we started, so a runner killed with SIGKILL leaves nothing behind after the next start. */
export const recordChildren = (pidsFile: string, pids: Record<string, number>) =>
  writeFile(pidsFile, JSON.stringify(pids), { mode: 0o600 });

/** Alive and not a zombie (a leftover's parent is gone; whoever adopted it may not reap it at once). */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return alive(pid);
  }
};

const exitedWithin = async (pids: number[], ms: number) => {
  const deadline = Date.now() + ms;
  while (pids.some(running)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

/**
 * Stops the children a dead runner recorded and waits until they have exited
 * (Postgres finishes its shutdown first), so the new runner finds their ports
 * free; one still there after 30 s is killed.
 */
const stopRecordedChildren = async (pidsFile: string, log: (l: string) => void) => {
  if (!existsSync(pidsFile)) return;
  const pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as Record<string, number>;
  const signalled: number[] = [];
  for (const [name, pid] of Object.entries(pids)) {
    if (!running(pid)) continue;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    // Only signal processes that still look like ours (pids are reused).
    if (!/postgres|meilisearch|bun|haproxy/.test(cmdline)) continue;
    log(`stopping leftover ${name} (pid ${pid})`);
    try {
      process.kill(pid, name === 'postgres' ? 'SIGINT' : 'SIGTERM');
      signalled.push(pid);
    } catch {
      // already gone
    }
  }
  if (signalled.length === 0 || (await exitedWithin(signalled, 30_000))) return;
  const stuck = signalled.filter(running);
  log(`leftover pid(s) ${stuck.join(', ')} still running after 30 s; killing them`);
  for (const pid of stuck)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  await exitedWithin(stuck, 10_000);
};
