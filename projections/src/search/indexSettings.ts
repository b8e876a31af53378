import type { Settings } from 'meilisearch';
import { MAX_TOTAL_HITS } from '../queries/criteria.ts';
import { meiliSynonyms } from '@rentals/core/gazetteer/cities';
import { TENANCY_EQUALITY_FIELDS, TENANCY_RANGE_FIELDS } from './tenancyFields.ts';

import { LISTINGS_INDEX } from '@rentals/core/readSide/names';

export { LISTINGS_INDEX };

/** Fields filtered with = and IN (`id`: a search leaves out the listings it takes from the read model, freshSearch.ts). */
export const EQUALITY_FIELDS = [
  'id',
  'city',
  'area',
  'cityKey',
  'areaKey',
  'propertyType',
  'isAvailable',
  'facilities',
  'ownerId',
  'ownerRole',
  ...TENANCY_EQUALITY_FIELDS,
];
/** Fields filtered with ranges (rent, rooms, the visitor map box). */
export const RANGE_FIELDS = [
  'rent',
  'bedrooms',
  'bathrooms',
  'lat',
  'lng',
  'coarseLat',
  'coarseLng',
  ...TENANCY_RANGE_FIELDS,
];

/**
 * The `listings` index settings as code (DESIGN §5). Applied to every new
 * index before documents are loaded; applying them to an existing index is a
 * no-op when nothing changed.
 */
export const listingsIndexSettings: Settings = {
  searchableAttributes: ['title', 'area', 'city', 'address', 'description'],
  // Granular: each field gets only the filter operations our queries use and no facet search,
  // which keeps indexing (every write) cheaper than the plain list would.
  filterableAttributes: [
    {
      attributePatterns: EQUALITY_FIELDS,
      features: { facetSearch: false, filter: { equality: true, comparison: false } },
    },
    {
      attributePatterns: RANGE_FIELDS,
      features: { facetSearch: false, filter: { equality: true, comparison: true } },
    },
  ],
  // No `_geo`: Meilisearch 1.21 rewrites every geo point on each indexing batch (measured: ~4 s of
  // a ~7 s single-document update on the 200k index), which made search freshness impossible.
  // The map viewport filters numeric lat/lng ranges instead, exact for a bounding box; nothing
  // sorts by distance.
  sortableAttributes: ['createdAt', 'rent', 'lastConfirmedAt'],
  // Searches return ids only; the documents come from the read model by primary key. Measured on
  // the 200k seed: returning 12 stored documents from Meilisearch took ~45 ms a search, ids ~2.4 ms.
  // The map search (mapInMeili.ts) also reads each match's position, type and rent, nothing else.
  displayedAttributes: ['id', 'lat', 'lng', 'coarseLat', 'coarseLng', 'propertyType', 'rent'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
  synonyms: meiliSynonyms(),
  pagination: { maxTotalHits: MAX_TOTAL_HITS },
  // Pin codes and numbers in text must match exactly.
  typoTolerance: { disableOnNumbers: true },
  facetSearch: false,
  // Prefix databases are recomputed on every indexing batch, which dominated the cost of small,
  // frequent updates on the 200k index (freshness). Prefixes of place names are handled by the
  // locality matcher; free text matches whole words (with typos).
  prefixSearch: 'disabled',
  // Word proximity per attribute rather than per word position: much cheaper to index, and our
  // texts are short.
  proximityPrecision: 'byAttribute',
};
