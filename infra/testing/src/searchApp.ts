import { inject } from 'vitest';
import { seedCorpus, type Seeded } from './corpus.ts';
import { appendListingEvents, offMapListingCreated } from './listingFixtures.ts';
import { startReadSide } from './readSide.ts';
import { testApp, type TestApp, type TestUser } from './testApp.ts';

export type SearchApp = {
  t: TestApp;
  readSide: ReturnType<typeof startReadSide>;
  tenant: TestUser;
  owner: TestUser;
  corpus: Seeded[];
  close: () => Promise<void>;
};

/**
 * A test app on a Meilisearch index of the test's own with the read side
 * running on it, a tenant and a homeowner signed up, and `size` corpus
 * listings of the homeowner's searchable. `more` appends what a test adds to
 * the corpus before the read side is waited for.
 */
export const startSearchApp = async (options: {
  /** A name no other test file uses (a random suffix). */
  index: string;
  size: number;
  more?: (app: TestApp, owner: TestUser) => Promise<unknown>;
}): Promise<SearchApp> => {
  const meili = { url: inject('meiliUrl'), key: inject('meiliKey'), index: options.index };
  const t = await testApp({ deps: { meili } });
  const tenant = await t.registerUser('tenant');
  const owner = await t.registerUser('homeowner');
  const readSide = startReadSide(t.db.sql, meili);
  const corpus = await seedCorpus(t.deps.eventStore, [owner.user._id], options.size);
  await options.more?.(t, owner);
  await readSide.caughtUp();
  return {
    t,
    readSide,
    tenant,
    owner,
    corpus,
    close: async () => {
      await readSide.stop();
      await t.close();
    },
  };
};

/** A `more` for startSearchApp: one listing of the homeowner's at `coordinates` that its owner keeps off the map. */
export const offMapListing =
  (id: string, coordinates: { latitude: number; longitude: number }) =>
  (app: TestApp, owner: TestUser) =>
    appendListingEvents(
      app.deps.eventStore,
      id,
      [offMapListingCreated(id, owner.user._id, coordinates)],
      owner.user._id,
    );
