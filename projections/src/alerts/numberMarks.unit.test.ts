import { expect, it } from 'vitest';
import { NumberMarks } from './numberMarks.ts';

it('holds marks until cleared, beyond its first size', () => {
  const marks = new NumberMarks();
  expect(marks.add(5)).toBe(true);
  expect(marks.add(5)).toBe(false);
  marks.mark(100_000);
  expect(marks.has(100_000)).toBe(true);
  expect(marks.has(5)).toBe(true);
  expect(marks.has(6)).toBe(false);
  expect(marks.has(10_000_000)).toBe(false);
  marks.clear();
  expect(marks.has(5)).toBe(false);
  expect(marks.has(100_000)).toBe(false);
  expect(marks.add(5)).toBe(true);
});
