// `npm run geo:build`: builds the basemap, glyphs and gazetteer into DATA_DIR/geo (a no-op when up to date).
import { loadConfig } from '@rentals/core/config/env';
import { ensureGeoData } from './build.ts';

const { dataDir } = loadConfig(process.env);
const manifest = await ensureGeoData(dataDir, {
  info: (m, f) => console.log(`info ${m}${f ? ` ${JSON.stringify(f)}` : ''}`),
});
console.log(`geo data version ${manifest.version} in ${dataDir}/geo/${manifest.version}`);
