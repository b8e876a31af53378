import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const API = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What a fresh Bun process has loaded once it imported the web entry's
 * modules (main.ts's imports; main.ts itself reads the environment and listens).
 */
const loadedAtStart = () => {
  const script = `
    await import('./src/server.ts');
    await import('./src/media/mediaStoreFor.ts');
    await import('./src/media/orphanSweep.ts');
    await import('@rentals/core/mail/smtpMailer');
    console.log(JSON.stringify(Object.keys(require.cache)));`;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: API, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as string[];
};

describe('the web process at start-up', () => {
  it('has not loaded sharp (~90 MB of RSS) nor React Email (~40 MB): they load at the first photo and email', () => {
    const modules = loadedAtStart();
    expect(modules.some((m) => m.includes('/api/src/server.ts'))).toBe(true);
    const heavy = modules.filter((m) =>
      /\/node_modules\/(sharp|@react-email\/[^/]+|react-dom)\//.test(m),
    );
    expect(heavy).toEqual([]);
  });
});
