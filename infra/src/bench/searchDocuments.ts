// `npm run bench:search-documents`: where a search page's documents should come from, measured on the 200k
// seed in one run (issue 15). For the same 400 tenant queries as bench:search, one at a time, in rounds
// A, B, C, A, B, C: (today) ids from Meilisearch, then the documents from the read model by primary key;
// (a) slim card fields stored in the index, returned by Meilisearch with attributesToRetrieve;
// (b) ids from Meilisearch, then the documents from an in-process map (warm: every document already in it).
import { parseSearchParams } from '@rentals/api/properties/searchParams';
import { resolvePlaces } from '@rentals/api/properties/criteriaFor';
import { listedLocalities, listingJsonByIds } from '@rentals/projections/queries/listingQueries';
import { createLocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { meiliSearchBody } from '@rentals/projections/queries/searchInMeili';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { tenantQueries } from './support/queryMix.ts';
import { startBenchStack } from './support/stack.ts';

/** What a search card shows that the index already holds (the card's photo URL would add ~100 bytes). */
const CARD_FIELDS = [
  'id',
  'title',
  'city',
  'area',
  'propertyType',
  'rent',
  'bedrooms',
  'bathrooms',
  'createdAt',
];
const ROUNDS = 3;

const stack = await startBenchStack();
const index = stack.meili.index(LISTINGS_INDEX);
const settings = await index.getSettings();
try {
  // Option (a) needs the card fields displayed; the index stores every field sent either way.
  await index.updateDisplayedAttributes(['*']).waitTask({ timeout: 600_000 });
  const matcher = createLocalityMatcher(await listedLocalities(stack.sql));
  const bodies = tenantQueries(400).map((q) => {
    const p = parseSearchParams(q);
    return meiliSearchBody('full', resolvePlaces(matcher, p, 'full'));
  });
  const search = async (body: ReturnType<typeof meiliSearchBody>, fields: string[]) => {
    const { q, ...options } = body;
    return index.search<Record<string, unknown>>(q ?? null, {
      ...options,
      attributesToRetrieve: fields,
    });
  };

  const documents = new Map<string, string>();
  const options = {
    today: async (body: ReturnType<typeof meiliSearchBody>) => {
      const { hits } = await search(body, ['id']);
      const docs = await listingJsonByIds(
        stack.sql,
        hits.map((h) => h.id as string),
      );
      return docs.join(',').length;
    },
    slimInIndex: async (body: ReturnType<typeof meiliSearchBody>) => {
      const { hits } = await search(body, CARD_FIELDS);
      return JSON.stringify(hits).length;
    },
    memoryCache: async (body: ReturnType<typeof meiliSearchBody>) => {
      const { hits } = await search(body, ['id']);
      return hits.map((h) => documents.get(h.id as string) ?? '').join(',').length;
    },
  };
  // Warm the map (option b's steady state) and the caches of both servers.
  for (const body of bodies) {
    const { hits } = await search(body, ['id']);
    const ids = hits.map((h) => h.id as string);
    const docs = await listingJsonByIds(stack.sql, ids);
    ids.forEach((id, i) => documents.set(id, docs[i] ?? ''));
    await search(body, CARD_FIELDS);
  }

  const times: Record<string, number[]> = { today: [], slimInIndex: [], memoryCache: [] };
  const bytes: Record<string, number> = { today: 0, slimInIndex: 0, memoryCache: 0 };
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, run] of Object.entries(options))
      for (const body of bodies) {
        const start = performance.now();
        const size = await run(body);
        times[name]!.push(performance.now() - start);
        if (round === 0) bytes[name]! += size;
      }

  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  console.log('| Option | mean ms | p50 ms | p99 ms | bytes of documents per page |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    console.log(
      `| ${name} | ${mean.toFixed(2)} | ${pct(sorted, 0.5).toFixed(2)} | ${pct(sorted, 0.99).toFixed(2)} | ${Math.round(bytes[name]! / bodies.length)} |`,
    );
  }
} finally {
  await index
    .updateDisplayedAttributes(settings.displayedAttributes ?? ['id'])
    .waitTask({ timeout: 600_000 });
  await stack.stop();
}
