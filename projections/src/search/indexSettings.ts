import { meiliSynonyms } from './synonyms.ts';

/** The alias every search reads; a rebuild fills a fresh index and swaps it in under this name. */
export const LISTINGS_INDEX = 'listings';

/**
 * The most hits a search can count and page through. Exact `totalCount`
 * needs exhaustive counting (page/hitsPerPage) and Meilisearch never counts
 * past this, so it is set above the largest result a filter can produce on
 * our data (a whole metro: tens of thousands of listings).
 */
export const MAX_TOTAL_HITS = 250_000;

/**
 * The `listings` index settings as code (DESIGN §5). Applied to every new
 * index before documents are loaded; applying them to an existing index is a
 * no-op when nothing changed.
 */
export const listingsIndexSettings = {
  searchableAttributes: ['title', 'area', 'city', 'address', 'description'],
  filterableAttributes: [
    'city',
    'area',
    'cityKey',
    'areaKey',
    'propertyType',
    'rent',
    'bedrooms',
    'bathrooms',
    'isAvailable',
    'facilities',
    'ownerId',
    '_geo',
    'coarseLat',
    'coarseLng',
  ],
  sortableAttributes: ['createdAt', 'rent', '_geo'],
  // Searches return ids only: the documents come from the read model.
  displayedAttributes: ['id'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
  synonyms: meiliSynonyms(),
  pagination: { maxTotalHits: MAX_TOTAL_HITS },
  // Pin codes and numbers in text must match exactly.
  typoTolerance: { disableOnNumbers: true },
};
