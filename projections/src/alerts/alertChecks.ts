import type { TransactionSql } from 'postgres';
import type { IndexedSearch } from './searchIndex.ts';

/** One test of a listing against the searches, at the event that asked for it. */
export type Percolation = {
  listingId: string;
  at: string;
  atMs: number;
  sure: IndexedSearch[];
  check: IndexedSearch[];
  /** Index of the listing's text and position among the batch's (for the checks in Postgres). */
  place: number;
  /** Matches recorded, none announced: a relist after a let (percolate.ts). */
  silent?: boolean;
};

/** A listing's text and position, sent once per batch however many checks name it. */
export type Place = { text: string; longitude: number | null; latitude: number | null };

/** The batch's distinct places, and the index of each by its position and text. */
export type Places = { list: Place[]; indexOf: Map<string, number> };

export const newPlaces = (): Places => ({ list: [], indexOf: new Map() });

/** The index of `place` among the batch's, added when new. */
export const placeIndex = (places: Places, place: Place) => {
  const key = `${place.longitude},${place.latitude},${place.text}`;
  let index = places.indexOf.get(key) ?? -1;
  if (index < 0) {
    index = places.list.push(place) - 1;
    places.indexOf.set(key, index);
  }
  return index;
};

/**
 * Which of each percolation's `check` searches pass their free text and drawn
 * area, tested by Postgres as percolate.ts tests them: the listing's text
 * through to_tsvector('simple') against the search's tsquery, its position
 * against the polygon. A search the batch did not change is read from its
 * row (its tsquery parsed once, when saved); one it changed is sent as it was
 * at the event (it may change twice in a batch), keyed below zero.
 */
export const checked = async (
  tx: TransactionSql,
  percolations: readonly Percolation[],
  places: readonly Place[],
  changed: ReadonlySet<number>,
): Promise<Map<number, Set<number>>> => {
  const pairs: { p: number[]; key: number[]; pl: number[] } = { p: [], key: [], pl: [] };
  const sent = new Map<IndexedSearch, number>();
  const stored = new Set<number>();
  percolations.forEach((perc, i) => {
    for (const s of perc.check) {
      let key = s.no;
      if (changed.has(s.no)) {
        key = sent.get(s) ?? -(sent.size + 1);
        sent.set(s, key);
      } else stored.add(s.no);
      pairs.p.push(i);
      pairs.key.push(key);
      pairs.pl.push(perc.place);
    }
  });
  const passed = new Map<number, Set<number>>();
  if (pairs.p.length === 0) return passed;
  const versions = [...sent.entries()];
  const rows = await tx<{ p: number; n: number }[]>`
    WITH place AS MATERIALIZED (
      SELECT i::int - 1 AS pl, to_tsvector('simple', body) AS words, point(lon, lat) AS pt
      FROM unnest(${places.map((x) => x.text)}::text[], ${places.map((x) => x.longitude)}::float8[],
                  ${places.map((x) => x.latitude)}::float8[]) WITH ORDINALITY AS u(body, lon, lat, i)
    ),
    q AS MATERIALIZED (
      SELECT search_no AS key, search_no AS n, text_tsquery AS tq, drawn_area AS area FROM saved_search_filters
      WHERE search_no = ANY(${[...stored]}::int4[])
      UNION ALL
      SELECT key, n, to_tsquery('simple', tq), area::polygon
      FROM unnest(${versions.map(([, key]) => key)}::int4[], ${versions.map(([s]) => s.no)}::int4[],
                  ${versions.map(([s]) => s.textQuery)}::text[], ${versions.map(([s]) => s.drawnArea)}::text[])
        AS s(key, n, tq, area)
    )
    SELECT c.p, q.n
    FROM unnest(${pairs.p}::int4[], ${pairs.key}::int4[], ${pairs.pl}::int4[]) AS c(p, key, pl)
    JOIN q USING (key) JOIN place USING (pl)
    WHERE (q.area IS NULL OR q.area @> place.pt) AND (q.tq IS NULL OR place.words @@ q.tq)`;
  for (const { p, n } of rows) (passed.get(p) ?? passed.set(p, new Set()).get(p)!).add(n);
  return passed;
};
