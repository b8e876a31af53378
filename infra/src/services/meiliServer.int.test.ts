import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startMeiliServer } from './meiliServer.ts';
import { freePort } from './ports.ts';

// The dev runner generates the key in base64url, so about one key in 32 starts with '-';
// passed as a separate argument, Meilisearch read it as an unknown flag and never started.
it('starts with a master key that begins with a dash', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rentals-meili-'));
  const masterKey = `-3${'k'.repeat(30)}`;
  const meili = await startMeiliServer({
    dataDir: join(dir, 'data'),
    binDir: join(dir, 'bin'),
    port: await freePort(),
    masterKey,
  });
  try {
    const keys = await fetch(`${meili.url}/keys`, {
      headers: { authorization: `Bearer ${masterKey}` },
    });
    expect(keys.status).toBe(200);
  } finally {
    await meili.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

// An interrupted benchmark left its Meilisearch running; the next run started a second one on the
// same data directory, and both served (and skewed) the measurements.
it('stops a Meilisearch left running on its data directory before it starts', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rentals-meili-'));
  const options = {
    dataDir: join(dir, 'data'),
    binDir: join(dir, 'bin'),
    masterKey: 'k'.repeat(32),
  };
  const left = await startMeiliServer({ ...options, port: await freePort() });
  const exited = new Promise((resolve) => left.process.once('exit', resolve));
  const next = await startMeiliServer({ ...options, port: await freePort() });
  try {
    await exited;
    await expect(fetch(`${left.url}/health`)).rejects.toThrow();
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
  } finally {
    await next.stop();
    await left.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
