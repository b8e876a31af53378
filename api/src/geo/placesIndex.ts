import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EnqueuedTaskPromise, Meilisearch, Settings } from 'meilisearch';
import { meiliSynonyms } from '@rentals/core/gazetteer/cities';
import { geoDir, readManifest } from '@rentals/core/geo/manifest';
import {
  createMeili,
  isMeiliRefusal,
  refusalCode,
  succeeded,
} from '@rentals/projections/queries/meili';

export const PLACES_INDEX = 'places';

/** The gazetteer's one non-place document: which build the index holds. Searches filter it out by kind. */
const META_ID = 'meta';
export const PLACE_KINDS_FILTER = 'kind IN [city, locality, pin]';

/**
 * Settings as code. `importance` comes before `attribute` so that, among
 * equally good text matches, Bengaluru the city beats a "Bangalore" post
 * office, and Andheri in Mumbai beats Andheri in Sirmaur.
 */
export const PLACES_SETTINGS: Settings = {
  searchableAttributes: ['name', 'aliases', 'district', 'state'],
  displayedAttributes: [
    'id',
    'kind',
    'name',
    'pin',
    'district',
    'state',
    'displayName',
    '_geo',
    'version',
  ],
  filterableAttributes: ['kind', 'pin', '_geo'],
  sortableAttributes: ['_geo'],
  rankingRules: ['words', 'typo', 'proximity', 'sort', 'importance:desc', 'attribute', 'exactness'],
  distinctAttribute: 'group',
  // The same city names as the listings index, so a name that finds listings finds the place.
  synonyms: meiliSynonyms(),
  // A PIN with one digit wrong is another place, not a typo.
  typoTolerance: { disableOnNumbers: true },
  pagination: { maxTotalHits: 100 },
};

const isMissing = (error: unknown) =>
  isMeiliRefusal(error) && ['document_not_found', 'index_not_found'].includes(refusalCode(error));

/** The build version the index holds, or undefined when it holds none. */
export const loadedPlacesVersion = async (
  client: Meilisearch,
  index = PLACES_INDEX,
): Promise<string | undefined> => {
  try {
    const meta = await client.index(index).getDocument<{ version?: string }>(META_ID);
    return meta.version;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
};

const CHUNK = 40_000;
/** A whole gazetteer can take minutes to index on a busy machine. */
const loaded = (task: EnqueuedTaskPromise) => succeeded(task, 300_000);

/**
 * Loads the built gazetteer (`geo:build`) into the `places` index unless it
 * already holds this build. The documents go into a fresh index that is then
 * swapped in, so searches keep answering from the old one while it loads and
 * never see half a gazetteer.
 */
export const loadPlaces = async (
  meili: { url: string; key: string },
  dataDir: string,
  options: { index?: string } = {},
): Promise<{ loaded: boolean; version: string; documents: number }> => {
  const manifest = readManifest(dataDir);
  if (!manifest) throw new Error(`no geo build in ${geoDir(dataDir)}: run npm run geo:build`);
  const client = createMeili(meili, 60_000);
  const uid = options.index ?? PLACES_INDEX;
  if ((await loadedPlacesVersion(client, uid)) === manifest.version)
    return { loaded: false, version: manifest.version, documents: manifest.placeCount };

  const staging = `${uid}_${manifest.version}`;
  await client.deleteIndexIfExists(staging);
  await loaded(client.createIndex(staging, { primaryKey: 'id' }));
  const index = client.index(staging);
  await loaded(index.updateSettings(PLACES_SETTINGS));
  const lines = readFileSync(
    join(geoDir(dataDir), manifest.version, manifest.places),
    'utf8',
  ).split('\n');
  const tasks: EnqueuedTaskPromise[] = [];
  for (let i = 0; i < lines.length; i += CHUNK)
    tasks.push(
      index.addDocumentsFromString(lines.slice(i, i + CHUNK).join('\n'), 'application/x-ndjson'),
    );
  for (const task of tasks) await loaded(task);
  await loaded(index.addDocuments([{ id: META_ID, kind: 'meta', version: manifest.version }]));

  try {
    await loaded(client.createIndex(uid, { primaryKey: 'id' }));
  } catch {
    // it exists already: the swap replaces it
  }
  await loaded(client.swapIndexes([{ indexes: [uid, staging], rename: false }]));
  await loaded(client.deleteIndex(staging));
  return { loaded: true, version: manifest.version, documents: lines.length };
};
