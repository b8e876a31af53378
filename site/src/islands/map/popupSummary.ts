import { apiRoute } from '../../lib/api.ts';
import type { MapProperty } from '../../map/types.ts';

/** Per page and audience: a popup opened twice asks once. */
const summaries = new Map<string, Promise<MapProperty | undefined>>();

/**
 * What a popup shows of a listing the page has not loaded (the map shows
 * every match, the list one page): the listing as GET /api/properties/{id}
 * gives it to this user (the visitor document for visitors), as a preview,
 * which counts no view. Undefined when it cannot be had (hidden for review,
 * gone, offline): the popup then keeps what the map search gave.
 */
export const loadSummary = (id: string, visitor: boolean): Promise<MapProperty | undefined> => {
  const key = `${visitor ? 'visitor' : 'user'}:${id}`;
  let summary = summaries.get(key);
  if (!summary) {
    summary = apiRoute('GET /properties/:id', {
      params: { id },
      query: new URLSearchParams({ preview: '1' }),
    }).then(
      ({ property }) => property,
      () => {
        summaries.delete(key);
        return undefined;
      },
    );
    summaries.set(key, summary);
  }
  return summary;
};
