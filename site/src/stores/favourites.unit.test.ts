import { describe, expect, it } from 'vitest';
import { withFavourite } from './favourites.ts';

describe('withFavourite', () => {
  it('switches one listing on or off in a new set, leaving the rest', () => {
    const before = new Set(['a', 'b']);
    const on = withFavourite(before, 'c', true);
    expect([...on].sort()).toEqual(['a', 'b', 'c']);
    expect(on).not.toBe(before);
    expect([...withFavourite(on, 'a', false)].sort()).toEqual(['b', 'c']);
    expect([...withFavourite(null, 'x', true)]).toEqual(['x']);
    expect([...withFavourite(null, 'x', false)]).toEqual([]);
  });
});
