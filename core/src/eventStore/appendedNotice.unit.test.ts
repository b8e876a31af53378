import { describe, expect, it } from 'vitest';
import { appendedTypes, mayConcern } from './appendedNotice.ts';

describe("the append's NOTIFY payload", () => {
  it('names the types after the position', () => {
    expect(appendedTypes('42 ListingCreated')).toEqual(['ListingCreated']);
    expect(appendedTypes('42 MessageSent,RentChanged')).toEqual(['MessageSent', 'RentChanged']);
  });

  it('without types (too many to fit, or an older server) may hold any type', () => {
    expect(appendedTypes('42')).toBeUndefined();
    expect(appendedTypes('42 ')).toBeUndefined();
    expect(appendedTypes('42 A,,B')).toBeUndefined();
    expect(mayConcern('42', new Set(['RentChanged']))).toBe(true);
  });

  it('concerns a reader only through a type it handles', () => {
    const handles = new Set(['RentChanged', 'ListingCreated']);
    expect(mayConcern('7 MessageSent,RentChanged', handles)).toBe(true);
    expect(mayConcern('7 MessageSent', handles)).toBe(false);
    expect(mayConcern('7 FavouriteAdded,MessageSent', handles)).toBe(false);
  });
});
