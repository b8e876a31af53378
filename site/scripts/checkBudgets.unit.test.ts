import { describe, expect, it } from 'vitest';
import { BUDGETS, JS_BOUND, limitsOf } from './checkBudgets.ts';

const KB = 1024;

describe('limitsOf', () => {
  it('gives an English page its budget and the JavaScript bound', () => {
    expect(limitsOf('/messages')).toEqual({ total: BUDGETS['/messages'], js: JS_BOUND });
  });

  it('gives a Hindi or Kannada page 2 KB more in all, but the same JavaScript bound', () => {
    for (const page of ['/hi/messages', '/kn/messages'])
      expect(limitsOf(page)).toEqual({ total: BUDGETS['/messages']! + 2 * KB, js: JS_BOUND });
  });

  it('bounds every page not listed at 100 KB in all and 90 KB of JavaScript', () => {
    expect(limitsOf('/saved-searches')).toEqual({ total: 100 * KB, js: 90 * KB });
  });

  it('bounds every app page, the heaviest included, at 90 KB of JavaScript in every language', () => {
    for (const page of ['/properties', '/properties/view', '/add-property', '/kn/edit-property'])
      expect(limitsOf(page).js).toBe(JS_BOUND);
  });
});
