/**
 * PMTiles v3 tile ids: tiles of all lower zooms come first, then the tiles of
 * zoom z in Hilbert-curve order, so neighbouring tiles sit near each other in
 * the archive and a viewport needs few range requests.
 */
export const zxyToTileId = (z: number, x: number, y: number): number => {
  if (z > 26) throw new RangeError(`zoom ${z} is beyond what a tile id can hold`);
  const size = 2 ** z;
  if (x < 0 || y < 0 || x >= size || y >= size)
    throw new RangeError(`tile ${z}/${x}/${y} does not exist`);
  // Tiles of zooms 0..z-1: 1 + 4 + … + 4^(z-1) = (4^z - 1) / 3.
  const before = (4 ** z - 1) / 3;
  let px = x;
  let py = y;
  let d = 0;
  for (let s = size / 2; s >= 1; s /= 2) {
    const rx = (px & s) > 0 ? 1 : 0;
    const ry = (py & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        px = s - 1 - px;
        py = s - 1 - py;
      }
      [px, py] = [py, px];
    }
  }
  return before + d;
};
