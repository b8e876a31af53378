import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSql, type Sql } from '@rentals/core/db';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import type { SearchAudience, SearchCriteria } from './criteria.ts';
import { criteriaSql, searchInPostgres } from './searchInPostgres.ts';
import { mapClustersInPostgres, mapPointsInPostgres } from './mapInPostgres.ts';

/**
 * The web process's Postgres searches keep one query text per audience and
 * sort, whatever the filters: postgres.js prepares a statement per text on
 * each connection and keeps it for the connection's life, so a text per
 * combination of filters grew the process for an hour. Run on one
 * connection, as the web process's pool does (`planWithValues`), so that
 * the session's prepared statements are the ones these searches made.
 */
let db: TestDatabase;
let web: Sql;
beforeAll(async () => {
  db = await testDatabase();
  web = createSql(db.url, { max: 1, planWithValues: true });
});
afterAll(async () => {
  await web.end();
  await db.drop();
});

const box = { west: 77.5, south: 12.9, east: 77.7, north: 13.1 };
const polygon: [number, number][] = [
  [77.55, 12.95],
  [77.65, 12.95],
  [77.6, 13.05],
];
/** Every filter, alone and together, given and not. */
const FILTERS: Omit<SearchCriteria, 'sort' | 'page' | 'limit'>[] = [
  {},
  { cities: ['bengaluru'] },
  { cities: ['bengaluru'], areas: ['koramangala', 'hsr layout'] },
  { propertyTypes: ['PG'], minRent: 5000 },
  { maxRent: 20000, bedrooms: 2, bathrooms: 1 },
  { q: 'lake view' },
  { bbox: box },
  { polygon },
  { bbox: box, polygon, q: 'metro' },
  { tenancy: { petsAllowed: true, furnishing: 'fully-furnished' } },
  { tenancy: { maintenanceIncluded: false, maxDepositMonths: 3, food: 'vegetarian' } },
  { tenancy: { tenants: 'family', parking: 'car', facing: ['east'], availableBy: '2026-12-01' } },
];

/** The session's prepared statements that read `table`. */
const preparedOn = async (table: string) =>
  (await web<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`).filter((s) =>
    s.statement.includes(`FROM ${table}`),
  );

it.each<SearchAudience>(['full', 'public'])(
  '%s: one statement for the page and one for the count, whichever filters a search gives',
  async (audience) => {
    for (const filters of FILTERS)
      await searchInPostgres(web, audience, { ...filters, sort: 'newest', page: 1, limit: 20 });
    const table = audience === 'full' ? 'listing_read' : 'listing_public';
    expect(await preparedOn(table)).toHaveLength(2);
  },
);

it('keeps one map statement for points and one for clusters, whichever filters', async () => {
  await web`DEALLOCATE ALL`;
  for (const filters of FILTERS) {
    await mapPointsInPostgres(web, 'full', { ...filters, bbox: box }, 100);
    await mapClustersInPostgres(web, 'full', { ...filters, bbox: box }, 0.1);
  }
  expect(await preparedOn('listing_read')).toHaveLength(2);
});

it('plans each search with its values: filters not given leave no test behind', async () => {
  expect((await web<{ plan_cache_mode: string }[]>`SHOW plan_cache_mode`)[0]).toEqual({
    plan_cache_mode: 'force_custom_plan',
  });
  const { table, where } = criteriaSql(web, 'full', {
    cities: ['pune'],
    sort: 'newest',
    page: 1,
    limit: 20,
  });
  // Postgres would consider a generic plan from the sixth execution on.
  for (let run = 0; run < 7; run++) await web`SELECT id FROM ${table} ${where}`;
  const [uses] = await web<{ generic: number; custom: number }[]>`
    SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
    WHERE statement LIKE 'SELECT id FROM listing_read%'`;
  expect(uses).toEqual({ generic: 0, custom: 7 });
  const plan = (await web<{ 'QUERY PLAN': string }[]>`EXPLAIN SELECT id FROM ${table} ${where}`)
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  expect(plan).toContain(`city_key = ANY ('{pune}'::text[])`);
  expect(plan).not.toMatch(/IS NULL|\$\d/);
});
