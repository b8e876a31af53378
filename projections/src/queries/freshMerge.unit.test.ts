import { describe, expect, it } from 'vitest';
import { mergePage, windowFor } from './freshMerge.ts';

/** A deterministic pseudo-random sequence (a linear congruential generator), so a failure can be replayed. */
const randomFrom = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

type Case = { index: string[]; changed: Set<string>; fresh: string[]; key: Map<string, number> };

/** An index of `n` listings, some changed (re-keyed, dropped) and some new, with distinct sort keys. */
const scenario = (random: () => number, n: number): Case => {
  const key = new Map<string, number>();
  const keys = [...Array(n * 3).keys()].sort(() => random() - 0.5);
  const index = [...Array(n).keys()].map((i) => `l${i}`);
  for (const id of index) key.set(id, keys.pop()!);
  index.sort((a, b) => key.get(a)! - key.get(b)!);
  const changed = new Set(index.filter(() => random() < 0.15));
  const newOnes = [...Array(Math.floor(random() * 6)).keys()].map((i) => `new${i}`);
  for (const id of newOnes) changed.add(id);
  const freshKey = new Map<string, number>();
  // A changed listing matches now (with a new key) or not any more.
  for (const id of changed) if (random() < 0.6) freshKey.set(id, keys.pop()!);
  const fresh = [...freshKey.keys()].sort((a, b) => freshKey.get(a)! - freshKey.get(b)!);
  for (const [id, k] of freshKey) key.set(id, k);
  return { index, changed, fresh, key };
};

/** What the index answers with the changed listings left out: a window of it and its size. */
const windowOf = (c: Case, page: number, limit: number) => {
  const reduced = c.index.filter((id) => !c.changed.has(id));
  const range = windowFor(page, limit, c.fresh.length);
  return {
    reduced,
    window: {
      ids: reduced.slice(range.offset, range.offset + range.limit),
      offset: range.offset,
      total: reduced.length,
    },
  };
};

describe('merging listings changed since the index checkpoint into a page', () => {
  it('gives exactly the page a fresh index would, for every page, when the order is known', () => {
    const random = randomFrom(7);
    for (let run = 0; run < 300; run++) {
      const c = scenario(random, Math.floor(random() * 60));
      const limit = 1 + Math.floor(random() * 8);
      for (let page = 1; page <= 12; page++) {
        const { reduced, window } = windowOf(c, page, limit);
        const order = [...window.ids, ...c.fresh].sort((a, b) => c.key.get(a)! - c.key.get(b)!);
        const merged = [...reduced, ...c.fresh].sort((a, b) => c.key.get(a)! - c.key.get(b)!);
        const result = mergePage({
          window,
          fresh: c.fresh,
          order,
          page,
          limit,
        });
        expect(result).toEqual({
          ids: merged.slice((page - 1) * limit, page * limit),
          total: merged.length,
        });
      }
    }
  });

  it('puts matching changed listings first for relevance-ranked text, and pages on without repeats or gaps', () => {
    const random = randomFrom(11);
    for (let run = 0; run < 200; run++) {
      const c = scenario(random, Math.floor(random() * 60));
      const limit = 1 + Math.floor(random() * 8);
      const merged = [...c.fresh, ...c.index.filter((id) => !c.changed.has(id))];
      for (let page = 1; page <= 12; page++) {
        const { window } = windowOf(c, page, limit);
        const result = mergePage({ window, fresh: c.fresh, page, limit });
        expect(result).toEqual({
          ids: merged.slice((page - 1) * limit, page * limit),
          total: merged.length,
        });
      }
    }
  });

  it('leaves the index page as it is when nothing changed matches', () => {
    const result = mergePage({
      window: { ids: ['a', 'b'], offset: 2, total: 7 },
      fresh: [],
      page: 2,
      limit: 2,
    });
    expect(result).toEqual({ ids: ['a', 'b'], total: 7 });
  });
});
