import type { Sql } from 'postgres';
import type { Meilisearch } from 'meilisearch';
import { resolvePlaces } from '@rentals/api/properties/criteriaFor';
import { parseSearchParams } from '@rentals/api/properties/searchParams';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import type { SearchResult } from '@rentals/projections/queries/criteria';
import type { LocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import type { CorpusEntry, Expectation } from './corpus.ts';

/** The first page of the search results a tenant sees (the API's default page size). */
export const K = 12;

export const ENGINES = ['meilisearch', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

/** One entry's outcome on one engine: recall@K (of what fits on the page) and the reciprocal rank of the first hit. */
export type Score = { recall: number; precision: number; reciprocalRank: number; ids: string[] };
export type EntryResult = {
  entry: CorpusEntry;
  /** How many listed listings the predicate holds for (0: the entry cannot be measured on this data). */
  relevant: number;
  scores: Record<Engine, Score>;
};

/** The listed listings an expectation describes. */
export const relevantIds = async (sql: Sql, e: Expectation): Promise<Set<string>> => {
  const areas = e.areas?.map(normaliseLocality) ?? null;
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM listing_read WHERE is_available AND city_key = ${normaliseLocality(e.city)}
      AND (${areas}::text[] IS NULL OR area_key = ANY(${areas}::text[]))
      AND (${e.pinCode ?? null}::text IS NULL OR pin_code = ${e.pinCode ?? null})
      AND (${e.tenancy ? JSON.stringify(e.tenancy) : null}::text::jsonb IS NULL
           OR tenancy @> ${e.tenancy ? JSON.stringify(e.tenancy) : null}::text::jsonb)`;
  return new Set(rows.map((r) => r.id));
};

const score = (found: SearchResult, relevant: Set<string>): Score => {
  const ids = found.ids.slice(0, K);
  const hits = ids.filter((id) => relevant.has(id)).length;
  const first = ids.findIndex((id) => relevant.has(id));
  return {
    recall: relevant.size === 0 ? 0 : hits / Math.min(K, relevant.size),
    precision: ids.length === 0 ? 0 : hits / ids.length,
    reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
    ids,
  };
};

/**
 * Runs each entry as the API does (the same parser, the same locality
 * matcher and place resolution), as a signed-in tenant's search, through
 * Meilisearch and through the Postgres fallback, and scores the first page.
 */
export const runCorpus = async (deps: {
  sql: Sql;
  meili: Meilisearch;
  index: string;
  matcher: LocalityMatcher;
  entries: readonly CorpusEntry[];
}): Promise<EntryResult[]> => {
  const results: EntryResult[] = [];
  for (const entry of deps.entries) {
    const params = new URLSearchParams({ ...entry.query, ...entry.filters, limit: String(K) });
    const criteria = resolvePlaces(deps.matcher, parseSearchParams(params), 'full');
    const [relevant, fromMeili, fromPostgres] = await Promise.all([
      relevantIds(deps.sql, entry.expect),
      searchInMeili(deps.meili, 'full', criteria, deps.index),
      searchInPostgres(deps.sql, 'full', criteria),
    ]);
    results.push({
      entry,
      relevant: relevant.size,
      scores: { meilisearch: score(fromMeili, relevant), postgres: score(fromPostgres, relevant) },
    });
  }
  return results;
};

export type Figures = { queries: number; recall: number; precision: number; mrr: number };

/** Mean recall@K and MRR per engine, over all measurable entries and per class. */
export const summarise = (results: readonly EntryResult[]) => {
  const measured = results.filter((r) => r.relevant > 0);
  const figures = (rows: readonly EntryResult[], engine: Engine): Figures => ({
    queries: rows.length,
    recall: rows.reduce((s, r) => s + r.scores[engine].recall, 0) / Math.max(1, rows.length),
    precision: rows.reduce((s, r) => s + r.scores[engine].precision, 0) / Math.max(1, rows.length),
    mrr: rows.reduce((s, r) => s + r.scores[engine].reciprocalRank, 0) / Math.max(1, rows.length),
  });
  const classes = [...new Set(measured.map((r) => r.entry.class))];
  return {
    unmeasured: results.length - measured.length,
    all: Object.fromEntries(ENGINES.map((e) => [e, figures(measured, e)])) as Record<
      Engine,
      Figures
    >,
    byClass: classes.map((c) => {
      const rows = measured.filter((r) => r.entry.class === c);
      return {
        class: c,
        ...(Object.fromEntries(ENGINES.map((e) => [e, figures(rows, e)])) as Record<
          Engine,
          Figures
        >),
      };
    }),
  };
};

const f = (n: number) => n.toFixed(3);

/** A Markdown table with its columns padded as Prettier pads them (the figures land in docs). */
const markdownTable = (rows: readonly (readonly string[])[]): string => {
  const widths = rows[0]!.map((_, i) => Math.max(3, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join(
    '\n',
  );
};

/** The summary as a Markdown table: one row per class, then all entries. */
export const relevanceTable = (summary: ReturnType<typeof summarise>): string => {
  const row = (label: string, m: Figures, p: Figures) => [
    label,
    String(m.queries),
    f(m.recall),
    f(m.mrr),
    f(m.precision),
    f(p.recall),
    f(p.mrr),
    f(p.precision),
  ];
  return markdownTable([
    [
      'Class',
      'Queries',
      `Meilisearch recall@${K}`,
      'Meilisearch MRR',
      `Meilisearch precision@${K}`,
      `Postgres recall@${K}`,
      'Postgres MRR',
      `Postgres precision@${K}`,
    ],
    ...summary.byClass.map((c) => row(c.class, c.meilisearch, c.postgres)),
    row('**all**', summary.all.meilisearch, summary.all.postgres),
  ]);
};

/** The entries an engine did not fully find, to read when a figure drops. */
export const misses = (results: readonly EntryResult[]): string[] =>
  results.flatMap((r) =>
    r.relevant > 0 && ENGINES.some((e) => r.scores[e].recall < 1)
      ? [
          `\`${r.entry.class}: ${JSON.stringify(r.entry.query)} → ${JSON.stringify(r.entry.expect)}\`: ` +
            ENGINES.map((e) => `${e} ${f(r.scores[e].recall)}`).join(', ') +
            ` (${r.relevant} relevant)`,
        ]
      : [],
  );
