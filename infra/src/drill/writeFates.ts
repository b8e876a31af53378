import type { Ledger } from './load.ts';
import type { Stack } from './stack.ts';

export type WriteFates = {
  /** Write attempts answered non-2xx whose events are in the log anyway. */
  ghosts: string[];
  /** Creates (one action, however often retried) that made more than one listing. */
  duplicates: string[];
  refused: number;
  creates: number;
};

/**
 * What the client was told against what the log holds: every write attempt answered with a
 * non-2xx status must have appended nothing (its X-Request-Id is the events' correlationId),
 * and every create action — retried with its Idempotency-Key when told to try again — must
 * have made at most one listing (each action's title is unique). Run once late requests have
 * settled (lateRequests.ts), so a write that lands after its answer is already in the log.
 */
export const checkWriteFates = async (stack: Stack, ledger: Ledger): Promise<WriteFates> => {
  const refused = new Map(ledger.refused.map((r) => [r.requestId, r]));
  const landed = await stack.sql<{ request_id: string; type: string; stream_id: string }[]>`
    SELECT metadata ->> 'correlationId' AS request_id, type, stream_id FROM events
    WHERE metadata ->> 'correlationId' = ANY(${[...refused.keys()]}::text[])
    ORDER BY position`;
  const ghosts = new Map<string, string>();
  for (const e of landed) {
    const r = refused.get(e.request_id)!;
    const line = ghosts.get(e.request_id);
    ghosts.set(
      e.request_id,
      line
        ? `${line}, ${e.type}`
        : `${r.op} answered ${r.status} (request ${e.request_id}) appended ${e.stream_id}: ${e.type}`,
    );
  }
  const copies = await stack.sql<{ title: string; listings: number }[]>`
    SELECT data ->> 'title' AS title, count(DISTINCT stream_id)::int AS listings FROM events
    WHERE type = 'ListingCreated' AND data ->> 'title' = ANY(${ledger.createTitles}::text[])
    GROUP BY 1 HAVING count(DISTINCT stream_id) > 1`;
  return {
    ghosts: [...ghosts.values()],
    duplicates: copies.map((c) => `"${c.title}" was created ${c.listings} times`),
    refused: refused.size,
    creates: ledger.createTitles.length,
  };
};
