import { PMTiles, zxyToTileId as referenceTileId, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { zxyToTileId } from './tileId.ts';
import { buildArchive, type Tile } from './writer.ts';

/** The reader's Source interface over bytes in memory, counting the range requests it serves. */
class MemorySource implements Source {
  requests = 0;
  constructor(private readonly bytes: Uint8Array) {}
  getKey = () => 'memory';
  getBytes = (offset: number, length: number): Promise<RangeResponse> => {
    this.requests += 1;
    return Promise.resolve({ data: this.bytes.slice(offset, offset + length).buffer });
  };
}

const text = (s: string) => new TextEncoder().encode(s);
const options = {
  tileType: 'mvt' as const,
  gzipTiles: true,
  minZoom: 0,
  maxZoom: 12,
  bounds: [68, 6, 98, 38] as [number, number, number, number],
  center: { zoom: 5, lon: 78.9629, lat: 20.5937 },
  metadata: { name: 'test', vector_layers: [{ id: 'places', fields: {} }] },
};

describe('tile ids', () => {
  it('match the reference reader for every tile up to zoom 6 and samples beyond', () => {
    for (let z = 0; z <= 6; z++)
      for (let x = 0; x < 2 ** z; x++)
        for (let y = 0; y < 2 ** z; y++)
          expect(zxyToTileId(z, x, y)).toBe(referenceTileId(z, x, y));
    for (const [z, x, y] of [
      [10, 731, 474],
      [14, 11_700, 7_600],
      [20, 748_000, 487_000],
    ] as const)
      expect(zxyToTileId(z, x, y)).toBe(referenceTileId(z, x, y));
  });

  it('refuses tiles outside the zoom level', () => {
    expect(() => zxyToTileId(2, 4, 0)).toThrow(RangeError);
  });
});

describe('PMTiles v3 archive', () => {
  it('round-trips tiles, header and metadata through the pmtiles reader', async () => {
    const tiles: Tile[] = [
      { z: 0, x: 0, y: 0, data: text('world') },
      { z: 5, x: 22, y: 14, data: text('india') },
      { z: 5, x: 23, y: 14, data: text('india east') },
    ];
    const archive = new PMTiles(new MemorySource(buildArchive(tiles, options)));
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: 1,
      tileCompression: 2,
      minZoom: 0,
      maxZoom: 12,
      numAddressedTiles: 3,
    });
    expect(header.minLon).toBeCloseTo(68);
    expect(header.maxLat).toBeCloseTo(38);
    expect(header.centerLat).toBeCloseTo(20.5937, 4);
    expect(await archive.getMetadata()).toEqual(options.metadata);
    for (const tile of tiles) {
      const got = await archive.getZxy(tile.z, tile.x, tile.y);
      // The reader inflates tiles itself (tileCompression gzip).
      expect(new TextDecoder().decode(got!.data)).toBe(new TextDecoder().decode(tile.data));
    }
    expect(await archive.getZxy(5, 0, 0)).toBeUndefined();
  });

  it('stores identical tiles once and collapses runs of them', async () => {
    const ocean = text('ocean');
    const tiles: Tile[] = [];
    for (let x = 0; x < 8; x++)
      for (let y = 0; y < 8; y++)
        tiles.push({ z: 3, x, y, data: x === 5 && y === 3 ? text('land') : ocean });
    const bytes = buildArchive(tiles, options);
    const header = await new PMTiles(new MemorySource(bytes)).getHeader();
    expect(header.numAddressedTiles).toBe(64);
    expect(header.numTileContents).toBe(2);
    expect(header.numTileEntries).toBeLessThanOrEqual(3);
    const archive = new PMTiles(new MemorySource(bytes));
    expect(new TextDecoder().decode((await archive.getZxy(3, 7, 7))!.data)).toBe('ocean');
    expect(new TextDecoder().decode((await archive.getZxy(3, 5, 3))!.data)).toBe('land');
  });

  it('splits a large directory into leaf directories the reader follows', async () => {
    // Scattered distinct tiles compress badly, so the root cannot hold them all.
    const tiles: Tile[] = [];
    const seen = new Set<string>();
    let seed = 7;
    const random = () => {
      // xorshift32: deterministic, fills the 32-bit space without short cycles.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    while (tiles.length < 30_000) {
      const x = Math.floor(random() * 4096);
      const y = Math.floor(random() * 4096);
      if (seen.has(`${x}/${y}`)) continue;
      seen.add(`${x}/${y}`);
      tiles.push({ z: 12, x, y, data: text(`tile ${x}/${y}`) });
    }
    const bytes = buildArchive(tiles, options);
    const source = new MemorySource(bytes);
    const archive = new PMTiles(source);
    const header = await archive.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryLength).toBeLessThanOrEqual(16_384 - 127);
    for (const tile of tiles.slice(0, 200)) {
      const got = await archive.getZxy(tile.z, tile.x, tile.y);
      expect(new TextDecoder().decode(got!.data)).toBe(`tile ${tile.x}/${tile.y}`);
    }
  });

  it('refuses the same tile twice', () => {
    const tile = { z: 1, x: 0, y: 0, data: text('a') };
    expect(() => buildArchive([tile, tile], options)).toThrow(/appears twice/);
  });
});
