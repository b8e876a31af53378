import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MAX_INDEXING_MEMORY, startMeiliServer } from './meiliServer.ts';
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

/** The most memory the process has held at once (VmHWM), in MiB. */
const peakMemoryMiB = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) / 1024;
};

// Left to its default, Meilisearch budgets two thirds of the machine's memory for indexing and zeroes a
// large share of it for every batch, however small: most of its CPU under a trickle of single-listing
// updates went to that (docs/PERFORMANCE.md). Bounded, a small batch touches little memory.
it('indexes small batches within its bounded indexing memory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rentals-meili-'));
  const masterKey = 'k'.repeat(32);
  const meili = await startMeiliServer({
    dataDir: join(dir, 'data'),
    binDir: join(dir, 'bin'),
    port: await freePort(),
    masterKey,
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${meili.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${masterKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { taskUid: number; status: string };
  };
  const done = async (taskUid: number) => {
    for (;;) {
      const task = await call('GET', `/tasks/${taskUid}`);
      if (task.status === 'succeeded' || task.status === 'failed') return task.status;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  try {
    const pid = meili.process.pid!;
    expect(await readFile(`/proc/${pid}/cmdline`, 'utf8')).toContain(
      `--max-indexing-memory=${MAX_INDEXING_MEMORY}`,
    );
    for (let i = 0; i < 10; i++)
      expect(
        await done(
          (await call('POST', '/indexes/small/documents', [{ id: i, title: `Flat ${i}` }])).taskUid,
        ),
      ).toBe('succeeded');
    expect(await peakMemoryMiB(pid)).toBeLessThan(512);
  } finally {
    await meili.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
