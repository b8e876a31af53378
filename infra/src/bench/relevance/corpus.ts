import CORPUS_FILE from './corpus.json' with { type: 'json' };
import HELD_BACK_FILE from './corpus.heldback.json' with { type: 'json' };
import { TENANCY_FILTER_KEYS, type TenancyFilterKey } from '@rentals/core/listings/tenancyFilters';
import { TENANCY_KEYS, type Tenancy } from '@rentals/core/listings/tenancy';

/**
 * The relevance corpus (corpus.json): queries as tenants type them, each
 * with what it must find, written as a predicate over the listings (a city,
 * its localities, a PIN) rather than ids, so it holds for any seed. Add an
 * entry whenever a search misses.
 */

/** What kind of spelling an entry tests; the report gives figures per class. */
export const QUERY_CLASSES = [
  'exact',
  'mixed-case',
  'typo',
  'old-name',
  'old-name+typo',
  'pin',
  'spacing',
  'alias',
  'transliteration',
  'short-form',
  'free-text',
  'suburb-as-city',
  /** A place as typed plus a filter on the tenancy terms (issue 18): only listings that give the term. */
  'tenancy-filter',
  /** A city or locality in Devanagari or Kannada script ('कोरमंगला', 'ಬೆಂಗಳೂರು'), in the fields or the free text (issue 42). */
  'native-script',
  /** Other common romanisations ('Bangaluru', 'Jayanagara', 'Indira Nagar', 'Kormangala'). */
  'romanisation',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

/** The fields of the search form (and the API's query) an entry fills. */
export type TypedQuery = { city?: string; area?: string; q?: string };

/**
 * The listings a query must find: listed, in this city, and in one of these
 * localities and/or at this PIN; with `tenancy`, only those whose terms
 * include these values (a listing that does not give a term is not one).
 */
export type Expectation = { city: string; areas?: string[]; pinCode?: string; tenancy?: Tenancy };

/** `filters`: the term filters of the search form, as its URL carries them. */
export type CorpusEntry = {
  query: TypedQuery;
  filters?: Partial<Record<TenancyFilterKey, string>>;
  class: QueryClass;
  expect: Expectation;
};

const QUERY_FIELDS = ['city', 'area', 'q'] as const;

/** The corpus's entries, checked: a malformed entry fails loudly with its position, never silently. */
export const readCorpus = (raw: unknown = CORPUS_FILE): CorpusEntry[] => {
  if (!Array.isArray(raw)) throw new Error('corpus: expected an array of entries');
  return raw.map((entry: unknown, i) => {
    const fail = (why: string) => {
      throw new Error(`corpus entry ${i} (${JSON.stringify(entry)}): ${why}`);
    };
    const e = (entry ?? {}) as Record<string, unknown>;
    const query = (e.query ?? {}) as Record<string, unknown>;
    const expect = (e.expect ?? {}) as Record<string, unknown>;
    if (!QUERY_CLASSES.includes(e.class as QueryClass))
      fail(`class must be one of ${QUERY_CLASSES.join(', ')}`);
    const typed = Object.keys(query);
    if (typed.length === 0 || typed.some((k) => !(QUERY_FIELDS as readonly string[]).includes(k)))
      fail(`query must fill some of ${QUERY_FIELDS.join(', ')} and nothing else`);
    if (typed.some((k) => typeof query[k] !== 'string' || query[k].trim() === ''))
      fail('query values must be non-empty text');
    if (typeof expect.city !== 'string') fail('expect.city must be the city as listings store it');
    const areas = expect.areas;
    if (
      areas !== undefined &&
      (!Array.isArray(areas) ||
        areas.length === 0 ||
        areas.some((a) => typeof a !== 'string' || a === ''))
    )
      fail('expect.areas must be a non-empty list of locality names');
    if (
      expect.pinCode !== undefined &&
      (typeof expect.pinCode !== 'string' || !/^\d{6}$/.test(expect.pinCode))
    )
      fail('expect.pinCode must be six digits');
    if (areas === undefined && expect.pinCode === undefined)
      fail('expect needs areas or pinCode (a whole city is not a relevance test)');
    const filters = (e.filters ?? {}) as Record<string, unknown>;
    if (
      Object.entries(filters).some(
        ([k, v]) =>
          !(TENANCY_FILTER_KEYS as readonly string[]).includes(k) || typeof v !== 'string',
      )
    )
      fail(`filters must be text values of ${TENANCY_FILTER_KEYS.join(', ')}`);
    const tenancy = expect.tenancy as Record<string, unknown> | undefined;
    if (
      tenancy !== undefined &&
      (typeof tenancy !== 'object' ||
        Object.keys(tenancy).some((k) => !(TENANCY_KEYS as string[]).includes(k)))
    )
      fail(`expect.tenancy must hold terms among ${TENANCY_KEYS.join(', ')}`);
    if ((e.filters === undefined) !== (tenancy === undefined))
      fail('filters and expect.tenancy go together');
    return {
      query,
      ...(e.filters === undefined ? {} : { filters: filters }),
      class: e.class as QueryClass,
      expect: expect as Expectation,
    };
  });
};

/**
 * The held-back part (corpus.heldback.json, same format): native-script and
 * romanisation queries over many cities, written before the matcher learnt
 * native names and never looked at while fixing it, so its figures show
 * how the fixes carry over to places nobody tuned for. Reported apart.
 */
export const readHeldBack = (): CorpusEntry[] => readCorpus(HELD_BACK_FILE);
