import { listingsIndexSettings, LISTINGS_INDEX } from './indexSettings.ts';
import { MeiliRequestError, type MeiliHttp, type MeiliTask } from '../queries/meiliHttp.ts';
import type { SearchDocument } from './searchDocument.ts';

/** Creates the index if it does not exist and applies the settings (a no-op task when unchanged). */
export const ensureListingsIndex = async (meili: MeiliHttp, uid = LISTINGS_INDEX) => {
  try {
    await meili.request('GET', `/indexes/${uid}`);
  } catch (error) {
    if (!(error instanceof MeiliRequestError && error.status === 404)) throw error;
    const created = await meili.request<MeiliTask>('POST', '/indexes', { uid, primaryKey: 'id' });
    await meili.waitTask(created).catch((e: Error) => {
      // Someone else created it between our check and our request: fine.
      if (!/already exists/.test(e.message)) throw e;
    });
  }
  await meili.waitTask(
    await meili.request<MeiliTask>('PATCH', `/indexes/${uid}/settings`, listingsIndexSettings),
    300_000,
  );
};

/** Full-document upserts (add or replace) keyed by listing id; resolves when Meilisearch reports success. */
export const upsertDocuments = async (
  meili: MeiliHttp,
  docs: SearchDocument[],
  uid = LISTINGS_INDEX,
) => {
  if (docs.length === 0) return;
  await meili.waitTask(
    await meili.request<MeiliTask>('POST', `/indexes/${uid}/documents?primaryKey=id`, docs),
  );
};

export const deleteDocuments = async (meili: MeiliHttp, ids: string[], uid = LISTINGS_INDEX) => {
  if (ids.length === 0) return;
  await meili.waitTask(
    await meili.request<MeiliTask>('POST', `/indexes/${uid}/documents/delete-batch`, ids),
  );
};

/** Atomically exchanges two indexes' contents (the live name keeps serving throughout). */
export const swapIndexes = async (meili: MeiliHttp, a: string, b: string) => {
  await meili.waitTask(
    await meili.request<MeiliTask>('POST', '/swap-indexes', [{ indexes: [a, b] }]),
  );
};

export const deleteIndex = async (meili: MeiliHttp, uid: string) => {
  await meili
    .waitTask(await meili.request<MeiliTask>('DELETE', `/indexes/${uid}`))
    .catch(() => undefined);
};
