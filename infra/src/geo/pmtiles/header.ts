/** The fixed 127-byte PMTiles v3 header. Numbers are little-endian; positions in degrees × 10^7. */
export const HEADER_BYTES = 127;

export const Compression = { none: 1, gzip: 2 } as const;
export const TileType = { mvt: 1, png: 2 } as const;

export type Header = {
  rootOffset: number;
  rootLength: number;
  metadataOffset: number;
  metadataLength: number;
  leavesOffset: number;
  leavesLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  clustered: boolean;
  internalCompression: number;
  tileCompression: number;
  tileType: number;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] */
  bounds: [number, number, number, number];
  center: { zoom: number; lon: number; lat: number };
};

export const serializeHeader = (h: Header): Uint8Array => {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  const u64 = [
    h.rootOffset,
    h.rootLength,
    h.metadataOffset,
    h.metadataLength,
    h.leavesOffset,
    h.leavesLength,
    h.tileDataOffset,
    h.tileDataLength,
    h.addressedTiles,
    h.tileEntries,
    h.tileContents,
  ];
  u64.forEach((value, i) => view.setBigUint64(8 + i * 8, BigInt(value), true));
  view.setUint8(96, h.clustered ? 1 : 0);
  view.setUint8(97, h.internalCompression);
  view.setUint8(98, h.tileCompression);
  view.setUint8(99, h.tileType);
  view.setUint8(100, h.minZoom);
  view.setUint8(101, h.maxZoom);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  const [west, south, east, north] = h.bounds;
  view.setInt32(102, e7(west), true);
  view.setInt32(106, e7(south), true);
  view.setInt32(110, e7(east), true);
  view.setInt32(114, e7(north), true);
  view.setUint8(118, h.center.zoom);
  view.setInt32(119, e7(h.center.lon), true);
  view.setInt32(123, e7(h.center.lat), true);
  return bytes;
};
