import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliRunner } from '@rentals/testing/cli';

const cli = cliRunner('infra/src/cli/mediaSweep.ts');
let mediaDir: string;
beforeAll(async () => {
  await cli.start();
  mediaDir = await mkdtemp(join(tmpdir(), 'rentals-sweep-'));
});
afterAll(async () => {
  await cli.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

it('npm run media:sweep removes a settled photo whose event was never appended', async () => {
  const dir = join(mediaDir, 'listings', 'never-appended');
  await mkdir(dir, { recursive: true });
  const orphan = join(dir, 'abc-640.webp');
  await writeFile(orphan, 'webp');
  const hourAgo = new Date(Date.now() - 61 * 60_000);
  await utimes(orphan, hourAgo, hourAgo);

  const dry = await cli.run(['--dry-run'], { MEDIA_DIR: mediaDir });
  expect(dry.out).toContain('would remove listings/never-appended/abc-640.webp');
  expect(existsSync(orphan)).toBe(true);

  const { code, out } = await cli.run([], { MEDIA_DIR: mediaDir });
  expect(out).toContain('1 orphan photos and 0 temporary files removed');
  expect(code).toBe(0);
  expect(existsSync(orphan)).toBe(false);
});
