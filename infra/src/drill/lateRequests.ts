import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// A read is answered 503 at its deadline, a write 202 or 503 (api/src/web/requestDeadline.ts).
const CUT = /request past its deadline: answered \d+, still running/;
const FINISHED = /request past its deadline: (answered \d+|failed) after the deadline/;
const requestIdOf = (line: string) => /"requestId":"([^"]+)"/.exec(line)?.[1];

/** Request ids the web processes answered at their deadline and whose work has not ended yet. */
const stillRunning = async (logsDir: string) => {
  const cut = new Set<string>();
  const done = new Set<string>();
  if (!existsSync(logsDir)) return cut;
  for (const file of readdirSync(logsDir).filter((f) => /^web.*\.log$/.test(f))) {
    for (const line of (await readFile(join(logsDir, file), 'utf8')).split('\n')) {
      const id = requestIdOf(line);
      if (!id) continue;
      if (CUT.test(line)) cut.add(id);
      else if (FINISHED.test(line)) done.add(id);
    }
  }
  for (const id of done) cut.delete(id);
  return cut;
};

/**
 * Waits until every request a web process cut at its deadline has finished
 * its work (the web log says so, by request id): such a write can still land
 * after its deadline answer, and `verify` compares the stores at rest. A web process
 * killed meanwhile never says; its work died with it, so the wait ends at
 * `timeoutMs` and returns what it still missed.
 */
export const lateRequestsSettled = async (dataDir: string, timeoutMs = 30_000) => {
  const logsDir = join(dataDir, 'logs');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const running = await stillRunning(logsDir);
    if (running.size === 0 || Date.now() > until) return [...running];
    await new Promise((r) => setTimeout(r, 250));
  }
};
