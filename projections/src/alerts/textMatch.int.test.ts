import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { queryWords } from '../queries/criteria.ts';
import { prefixQuery } from '../queries/searchInPostgres.ts';
import { matchesTerms, prefixesOf, queryTermsOf, wordsOf } from './textMatch.ts';

/**
 * The in-memory matcher tests free text in JS only where it must agree with
 * Postgres (textMatch.ts). Here every text × query the JS path takes is also
 * asked of Postgres, as percolate.ts asks it, and the answers must be equal;
 * the shapes it must leave to Postgres are left.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(() => db.drop());

// Listing texts as owners and the seed write them, and shapes Postgres' parser treats as one token.
const TEXTS = [
  'Semi-furnished 2 BHK flat on floor 14 of 21 at Royal Greens, Jayanagar, Bengaluru. About 1310 sq ft with 1 bathroom. Has Wi-Fi, parking, air conditioning. Family or bachelors welcome; two months deposit.',
  'Non-AC PG rooms for women, Mylapore. Single and twin sharing rooms at Green Park Court (near the bus stop)! Meals included? Yes: 24x7 security, 1st Cross',
  'Owner\'s flat: sunny, quiet "corner" unit in Koramangala 5th Block, 80 Feet Road',
  '3 BHK fully furnished flat in JP Nagar, close to the metro. 58, Silver Oak Nest, 2nd Cross',
  'Lake-view house with a well-kept garden, in Whitefield',
  'Quiet lane with 24-hour water supply, a wing-tower block and a 2BHK-flat',
  'Flat near www.example.com office, rent Rs.25000 (negotiable)',
  'Version 1.2.3 of the building, 12.5 km from the station',
  'Block B-12, wing-2, A-1 tower; floors 2-3 available, -5 discount, 1/2 km away, mail me at owner@example.com',
  'Studio in बेंगलुरु near MG Road',
  'e.g. close to Indiranagar; No.5 bus',
  'Tag <b>bold</b> &amp; entity, under_score and plus+sign',
  'Nice flat.Great location:Koramangala',
];
const QUERIES = [
  'semi',
  'furnished',
  'semi furn',
  'wi',
  'fi',
  'wifi',
  'nonac',
  'non',
  'ac',
  'pg women',
  '24',
  '24x',
  '24x7',
  '1st',
  '2nd cross',
  'owner',
  'owners',
  's',
  'corner',
  'koram',
  '5th block',
  'lake',
  'view',
  'well kept',
  'example',
  'com',
  'rs',
  '25000',
  '1',
  '2',
  '3',
  '5',
  '12',
  'km',
  'mail',
  'bengaluru',
  'bangalore',
  'बेंगलुरु',
  'g',
  'e',
  'great',
  'location',
  'b',
  'amp',
  'under',
  'score',
  'sign',
  'new delhi',
  'gurgaon',
  'hour',
  '24 hour',
  'b12',
  'wing',
  'tower',
  'a1',
  'flat',
  '2bhk',
];

describe('free text in JS', () => {
  it('answers as Postgres does for every text and query it takes, and leaves the shapes it cannot', async () => {
    const queries = QUERIES.map((q) => prefixQuery(queryWords(q)));
    const rows = await db.sql<{ t: number; q: number; matches: boolean }[]>`
      SELECT t::int - 1 AS t, q::int - 1 AS q, to_tsvector('simple', text) @@ to_tsquery('simple', query) AS matches
      FROM unnest(${TEXTS}::text[]) WITH ORDINALITY AS a(text, t),
           unnest(${queries}::text[]) WITH ORDINALITY AS b(query, q)`;
    let compared = 0;
    let matched = 0;
    for (const row of rows) {
      const words = wordsOf(TEXTS[row.t]!);
      const terms = queryTermsOf(queries[row.q]!);
      if (!words || !terms) continue;
      compared += 1;
      if (row.matches) matched += 1;
      expect({
        text: TEXTS[row.t],
        query: queries[row.q],
        matches: matchesTerms(prefixesOf(words), terms),
      }).toEqual({ text: TEXTS[row.t], query: queries[row.q], matches: row.matches });
    }
    // The JS path took the plain texts (the first six) with most queries, and found matches.
    expect(TEXTS.slice(0, 6).every((t) => wordsOf(t) !== null)).toBe(true);
    expect(TEXTS.slice(6).every((t) => wordsOf(t) === null)).toBe(true);
    expect(compared).toBeGreaterThan(200);
    expect(matched).toBeGreaterThan(30);
    // A phrase (a city's synonym of two words) or a word that is not ASCII is Postgres' to test.
    expect(queryTermsOf(prefixQuery(queryWords('बेंगलुरु')))).toBeNull();
  });
});
