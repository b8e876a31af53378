// `npm run bench:relevance`: the relevance corpus (relevance/corpus.json) over a deterministic seed, through the
// Meilisearch path and the Postgres fallback, then the held-back part (relevance/corpus.heldback.json, issue 42),
// reported apart. Bar (issues 16, 42): recall@12 ≥ 0.95 on both, for each part. Writes the figures into
// docs/RELEVANCE.md. RELEVANCE_LISTINGS sets the seed's size (default 4000), RELEVANCE_SEED its PRNG seed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { listedLocalities } from '@rentals/projections/queries/listingQueries';
import { createLocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { createMeili } from '@rentals/projections/queries/meili';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { createDatabase } from '@rentals/testing/database';
import { startServers } from '@rentals/testing/servers';
import { seedListings } from '../seed/seed.ts';
import { readCorpus, readHeldBack } from './relevance/corpus.ts';
import { K, misses, relevanceTable, runCorpus, summarise } from './relevance/runCorpus.ts';
import { catchUp } from './support/stack.ts';

const LISTINGS = Number(process.env.RELEVANCE_LISTINGS ?? 4000);
const SEED = Number(process.env.RELEVANCE_SEED ?? 20_260_101);
const BAR = 0.95;
const DOC = new URL('../../../docs/RELEVANCE.md', import.meta.url);
const BEGIN = '<!-- bench:relevance figures -->';
const END = '<!-- /bench:relevance figures -->';

const log = (line: string) => console.log(`[relevance] ${line}`);
const entries = readCorpus();
const heldBack = readHeldBack();
const servers = await startServers();
process.once('SIGINT', () => void servers.stop().then(() => process.exit(130)));
const media = await mkdtemp(join(tmpdir(), 'relevance-media-'));
try {
  const db = await createDatabase(servers.pgAdminUrl, { name: 'relevance', max: 10 });
  const meili = createMeili({ url: servers.meiliUrl, key: servers.meiliKey }, 60_000);
  log(`seeding ${LISTINGS} listings (seed ${SEED})`);
  await seedListings({ sql: db.sql, media: localDiskStore(media), listings: LISTINGS, seed: SEED });
  await catchUp(db.sql, meili);
  const matcher = createLocalityMatcher(await listedLocalities(db.sql));
  const run = async (part: readonly (typeof entries)[number][]) => {
    const results = await runCorpus({
      sql: db.sql,
      meili,
      index: LISTINGS_INDEX,
      matcher,
      entries: part,
    });
    const summary = summarise(results);
    return {
      summary,
      table: relevanceTable(summary),
      missed: misses(results),
      passed: summary.all.meilisearch.recall >= BAR && summary.all.postgres.recall >= BAR,
    };
  };
  const main = await run(entries);
  const held = await run(heldBack);
  for (const [label, r] of [
    ['corpus', main],
    ['held back', held],
  ] as const) {
    console.log(`\n${label}:\n${r.table}\n`);
    if (r.missed.length > 0)
      console.log(`Not fully found:\n${r.missed.map((m) => `- ${m}`).join('\n')}\n`);
  }
  const passed = main.passed && held.passed;
  const missedLines = (missed: string[]) =>
    missed.length > 0 ? ['', 'Not fully found:', '', ...missed.map((m) => `- ${m}`)] : [];
  const figures = [
    BEGIN,
    '',
    `Run ${new Date().toISOString().slice(0, 10)}: ` +
      `${entries.length} queries (${entries.length - main.summary.unmeasured} measurable on this seed: ` +
      `${LISTINGS} listings, seed ${SEED}); recall@${K} is the share of a query's listings on its first ` +
      `page of ${K} (of all of them when fewer), MRR the mean reciprocal rank of the first right listing, ` +
      `precision@${K} the share of that page that is right.`,
    '',
    main.table,
    '',
    `Bar: recall@${K} ≥ ${BAR} on both engines: ${main.passed ? 'met' : 'NOT met'}.`,
    ...missedLines(main.missed),
    '',
    `Held back (corpus.heldback.json, never seen while fixing): ${heldBack.length} queries ` +
      `(${heldBack.length - held.summary.unmeasured} measurable).`,
    '',
    held.table,
    '',
    `Bar: recall@${K} ≥ ${BAR} on both engines: ${held.passed ? 'met' : 'NOT met'}.`,
    ...missedLines(held.missed),
    '',
    END,
  ].join('\n');
  const doc = await readFile(DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/RELEVANCE.md lacks the ${BEGIN} block`);
  await writeFile(DOC, doc.slice(0, start) + figures + doc.slice(end + END.length));
  log(`figures written to docs/RELEVANCE.md; bar ${passed ? 'met' : 'NOT met'}`);
  await db.sql.end({ timeout: 5 });
  if (!passed) process.exitCode = 1;
} finally {
  await servers.stop();
  await rm(media, { recursive: true, force: true });
}
