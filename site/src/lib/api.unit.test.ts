import { describe, expect, it } from 'vitest';
import { ApiError, describeError } from './api.ts';

describe('describeError', () => {
  it.each([
    [
      new ApiError(400, 'Validation failed', [
        { path: 'email', msg: 'Bad' },
        { path: 'phone', msg: 'Short' },
      ]),
      'Validation failed: email: Bad, phone: Short',
    ],
    [new ApiError(401, 'Invalid email or password'), 'Invalid email or password'],
    [new ApiError(500, ''), 'fallback'],
    [new Error('boom'), 'fallback'],
  ])('%#', (error, text) => {
    expect(describeError(error, 'fallback')).toBe(text);
  });
});
