import { describe, expect, it } from 'vitest';
import { ValidationError } from '@rentals/core/errors';
import { parseIfMatch } from './routes.ts';

describe('parseIfMatch', () => {
  it.each([
    ['"3"', 3],
    ['W/"3"', 3],
    ['12', 12],
    [' "7" ', 7],
  ])('%s → %d', (header, version) => expect(parseIfMatch(header)).toBe(version));

  it('treats an absent, empty or * header as no precondition', () => {
    expect(parseIfMatch(null)).toBeUndefined();
    expect(parseIfMatch('')).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
  });

  it('refuses anything that is not a version', () => {
    expect(() => parseIfMatch('"abc"')).toThrow(ValidationError);
    expect(() => parseIfMatch('"1", "2"')).toThrow(ValidationError);
  });
});
