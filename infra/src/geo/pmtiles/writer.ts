import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { buildDirectories, type Entry } from './directory.ts';
import { Compression, HEADER_BYTES, serializeHeader, TileType } from './header.ts';
import { zxyToTileId } from './tileId.ts';

export type Tile = { z: number; x: number; y: number; data: Uint8Array };

export type ArchiveOptions = {
  tileType: keyof typeof TileType;
  /** Tiles are stored gzipped when true (vector tiles); the browser inflates them, so HTTP must not compress again. */
  gzipTiles: boolean;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  center: { zoom: number; lon: number; lat: number };
  /** TileJSON-like metadata (vector_layers, attribution…) stored as gzipped JSON. */
  metadata: Record<string, unknown>;
};

/**
 * Builds a complete PMTiles v3 archive in memory: tiles sorted by tile id and
 * written in that order (clustered), identical tiles stored once, runs of
 * consecutive identical tiles collapsed into one entry.
 */
export const buildArchive = (tiles: Iterable<Tile>, options: ArchiveOptions): Uint8Array => {
  const sorted = [...tiles]
    .map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data }))
    .sort((a, b) => a.id - b.id);

  const entries: Entry[] = [];
  const blobs: Uint8Array[] = [];
  const offsetsByHash = new Map<string, { offset: number; length: number }>();
  let dataLength = 0;
  let previousId = -1;
  for (const { id, data } of sorted) {
    if (id === previousId) throw new Error(`tile id ${id} appears twice`);
    previousId = id;
    const stored = options.gzipTiles ? gzipSync(data) : data;
    const hash = createHash('sha256').update(data).digest('base64');
    let blob = offsetsByHash.get(hash);
    if (!blob) {
      blob = { offset: dataLength, length: stored.length };
      offsetsByHash.set(hash, blob);
      blobs.push(stored);
      dataLength += stored.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === blob.offset && last.tileId + last.runLength === id)
      last.runLength += 1;
    else entries.push({ tileId: id, offset: blob.offset, length: blob.length, runLength: 1 });
  }

  const { root, leaves } = buildDirectories(entries);
  const metadata = gzipSync(new TextEncoder().encode(JSON.stringify(options.metadata)));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const tileDataOffset = leavesOffset + leaves.length;
  const header = serializeHeader({
    rootOffset,
    rootLength: root.length,
    metadataOffset,
    metadataLength: metadata.length,
    leavesOffset,
    leavesLength: leaves.length,
    tileDataOffset,
    tileDataLength: dataLength,
    addressedTiles: sorted.length,
    tileEntries: entries.length,
    tileContents: blobs.length,
    clustered: true,
    internalCompression: Compression.gzip,
    tileCompression: options.gzipTiles ? Compression.gzip : Compression.none,
    tileType: TileType[options.tileType],
    minZoom: options.minZoom,
    maxZoom: options.maxZoom,
    bounds: options.bounds,
    center: options.center,
  });
  return concat([header, root, metadata, leaves, ...blobs]);
};

/** A plain Uint8Array (not a pooled Buffer view), so `.buffer` is exactly the archive. */
const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
