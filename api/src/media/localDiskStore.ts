import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isSafeKey, type MediaStore, type StoredFile } from './mediaStore.ts';

/**
 * Photos on the local disk under `root` (MEDIA_DIR). Writes go to a temporary
 * name first and are renamed into place, so a reader never sees half a file.
 */
export const localDiskStore = (root: string): MediaStore => {
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: Bun.file(path), size: info.size };
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async *list(prefix) {
      const walk = async function* (dir: string, key: string): AsyncGenerator<StoredFile> {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(path, `${key}/${entry.name}`);
          else if (entry.isFile()) {
            const info = await stat(path).catch(() => null);
            if (info) yield { key: `${key}/${entry.name}`, modifiedAt: info.mtime };
          }
        }
      };
      yield* walk(pathOf(prefix), prefix);
    },
  };
};
