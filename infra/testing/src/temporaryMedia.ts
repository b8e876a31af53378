import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import type { MediaStore } from '@rentals/api/media/mediaStore';

/**
 * A media store on a fresh temporary folder for one test file, removed after its tests. Call it at
 * the file's top level, before the file's own `beforeAll`, which may then use `store` and `dir`.
 */
export const temporaryMedia = (
  prefix: string,
): { readonly dir: string; readonly store: MediaStore } => {
  const state: { dir?: string; store?: MediaStore } = {};
  beforeAll(async () => {
    state.dir = await mkdtemp(join(tmpdir(), prefix));
    state.store = localDiskStore(state.dir);
  });
  afterAll(() => (state.dir ? rm(state.dir, { recursive: true, force: true }) : undefined));
  const ready = () => {
    if (!state.dir || !state.store) throw new Error('temporaryMedia is used before its beforeAll');
    return state as { dir: string; store: MediaStore };
  };
  return {
    get dir() {
      return ready().dir;
    },
    get store() {
      return ready().store;
    },
  };
};
