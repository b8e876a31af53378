import { gzipSync } from 'node:zlib';
import { VarintWriter } from './varint.ts';

/** One directory entry: a run of `runLength` consecutive tile ids sharing one blob (0 = leaf directory). */
export type Entry = { tileId: number; offset: number; length: number; runLength: number };

/** Serialises entries column by column (ids as deltas), then gzips, as the v3 spec lays them out. */
export const serializeDirectory = (entries: Entry[]): Uint8Array => {
  const out = new VarintWriter();
  out.write(entries.length);
  let lastId = 0;
  for (const e of entries) {
    out.write(e.tileId - lastId);
    lastId = e.tileId;
  }
  for (const e of entries) out.write(e.runLength);
  for (const e of entries) out.write(e.length);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    // 0 means "right after the previous entry's blob", which is the common case in a clustered archive.
    if (previous && e.offset === previous.offset + previous.length) out.write(0);
    else out.write(e.offset + 1);
  });
  return gzipSync(out.toBytes());
};

const MAX_ROOT_BYTES = 16_384 - 127;

/**
 * Fits the entries into a root directory the header's first 16 KiB can hold;
 * when they do not fit, splits them into leaf directories of growing size
 * until the root that points at the leaves fits.
 */
export const buildDirectories = (entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } => {
  const root = serializeDirectory(entries);
  if (root.length <= MAX_ROOT_BYTES) return { root, leaves: new Uint8Array(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: Entry[] = [];
    const leafBlobs: Uint8Array[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize);
      const blob = serializeDirectory(chunk);
      rootEntries.push({ tileId: chunk[0]!.tileId, offset, length: blob.length, runLength: 0 });
      leafBlobs.push(blob);
      offset += blob.length;
    }
    const leafRoot = serializeDirectory(rootEntries);
    if (leafRoot.length <= MAX_ROOT_BYTES)
      return { root: leafRoot, leaves: Buffer.concat(leafBlobs) };
  }
};
