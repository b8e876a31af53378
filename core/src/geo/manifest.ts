import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The geo build's contract between the build (infra/src/geo) and the servers
 * that read it (the map files and the places index in api/src/geo).
 */

/** What a build left behind; `geo/current.json` holds it and the servers read it. */
export type GeoManifest = {
  version: string;
  /** File names inside `geo/{version}/`. */
  basemap: string;
  glyphs: string;
  places: string;
  placeCount: number;
  tileCount: number;
  attribution: string;
};

/** The basemap labels' font stacks and the font file each is made from. */
export const FONT_STACKS = {
  'Noto Sans Regular': 'NotoSans-Regular.ttf',
  'Noto Sans Bold': 'NotoSans-Bold.ttf',
} as const;

export const geoDir = (dataDir: string) => join(dataDir, 'geo');

export const readManifest = (dataDir: string): GeoManifest | undefined => {
  const file = join(geoDir(dataDir), 'current.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as GeoManifest;
};
