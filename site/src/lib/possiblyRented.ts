import { apiRoute } from './api.ts';

/** As many as the API takes in one request (api/src/reports/model.ts). */
const BATCH = 50;

const known = new Map<string, Promise<boolean>>();
const pending: { id: string; resolve: (marked: boolean) => void }[] = [];

const flush = () => {
  const batch = pending.splice(0, BATCH);
  if (pending.length > 0) queueMicrotask(flush);
  const ids = batch.map((b) => b.id);
  apiRoute('GET /reports/possibly-rented', { query: new URLSearchParams({ ids: ids.join(',') }) })
    .then(({ listingIds }) => {
      const marked = new Set(listingIds);
      for (const b of batch) b.resolve(marked.has(b.id));
    })
    // No mark is the safe answer when the check fails: the card is shown as it always was.
    .catch(() => batch.forEach((b) => b.resolve(false)));
};

/**
 * Whether a listing is marked 'Possibly rented'. The cards of one page ask
 * together: ids asked for in the same task go out in one request.
 */
export const isPossiblyRented = (id: string): Promise<boolean> => {
  const cached = known.get(id);
  if (cached) return cached;
  const answer = new Promise<boolean>((resolve) => {
    if (pending.length === 0) queueMicrotask(flush);
    pending.push({ id, resolve });
  });
  known.set(id, answer);
  return answer;
};
