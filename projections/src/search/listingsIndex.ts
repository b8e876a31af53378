import type { Meilisearch } from 'meilisearch';
import { isMeiliRefusal, refusalCode, succeeded } from '../queries/meili.ts';
import { listingsIndexSettings, LISTINGS_INDEX } from './indexSettings.ts';
import type { SearchDocument } from './searchDocument.ts';

/** Creates the index if it does not exist and applies the settings (a no-op task when unchanged). */
export const ensureListingsIndex = async (meili: Meilisearch, uid = LISTINGS_INDEX) => {
  try {
    await meili.getRawIndex(uid);
  } catch (error) {
    if (!(isMeiliRefusal(error) && refusalCode(error) === 'index_not_found')) throw error;
    await succeeded(meili.createIndex(uid, { primaryKey: 'id' })).catch((e: Error) => {
      // Someone else created it between our check and our request: fine.
      if (!/already exists/.test(e.message)) throw e;
    });
  }
  await succeeded(meili.index(uid).updateSettings(listingsIndexSettings), 300_000);
};

/** Full-document upserts (add or replace) keyed by listing id; resolves when Meilisearch reports success. */
export const upsertDocuments = async (
  meili: Meilisearch,
  docs: SearchDocument[],
  uid = LISTINGS_INDEX,
) => {
  if (docs.length === 0) return;
  await succeeded(meili.index(uid).addDocuments(docs, { primaryKey: 'id' }));
};

export const deleteDocuments = async (meili: Meilisearch, ids: string[], uid = LISTINGS_INDEX) => {
  if (ids.length === 0) return;
  await succeeded(meili.index(uid).deleteDocuments(ids));
};

/** Atomically exchanges two indexes' contents (the live name keeps serving throughout). */
export const swapIndexes = async (meili: Meilisearch, a: string, b: string) => {
  await succeeded(meili.swapIndexes([{ indexes: [a, b], rename: false }]));
};

export const deleteIndex = async (meili: Meilisearch, uid: string) => {
  await succeeded(meili.deleteIndex(uid)).catch(() => undefined);
};
