import { expect, it } from 'vitest';
import { NumberLists } from './numberLists.ts';

it('gives one literal and each list’s 1-based bounds, an empty list an empty range', () => {
  const lists = new NumberLists();
  lists.add([3, 5]);
  lists.add([]);
  lists.add(Int32Array.from([7]));
  lists.add([]);
  expect(lists.literal()).toBe('{3,5,7}');
  expect(lists.starts).toEqual([1, 3, 3, 4]);
  expect(lists.ends).toEqual([2, 2, 3, 3]);
  // Sliced as Postgres slices (1-based, inclusive; an empty range is an empty list).
  const all = [3, 5, 7];
  const slice = (i: number) => all.slice(lists.starts[i]! - 1, lists.ends[i]);
  expect([0, 1, 2, 3].map(slice)).toEqual([[3, 5], [], [7], []]);
});

it('is an empty array with no lists', () => {
  expect(new NumberLists().literal()).toBe('{}');
});
