// Starts searchFloor.ts in its own process (as the web process runs in its own), ready once it answers.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../../services/childServer.ts';
import { BENCH_DIR, recordBenchChild } from './stack.ts';

export type FloorEntry = { path: string; meiliBody: string; answer: string };

export const startSearchFloor = async (
  entries: FloorEntry[],
  port: number,
  meili: { url: string; key: string; index: string },
) => {
  const file = join(BENCH_DIR, 'search-floor.json');
  writeFileSync(file, JSON.stringify(entries.map((e) => [e.path, e.meiliBody, e.answer])));
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./searchFloor.ts', import.meta.url)),
      file,
      String(port),
      meili.url,
      meili.key,
      meili.index,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await recordBenchChild('search floor', child.pid);
  const stop = () => stopChild(child, 'SIGTERM');
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}${entries[0]!.path}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300 || child.exitCode !== null) {
      await stop();
      throw new Error('the search floor did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, pid: child.pid!, stop };
};
