import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../shared/retryLater.ts';
import { createSearchRate, searchRateMessage } from './searchRate.ts';

const clockAt = () => {
  let now = Date.parse('2026-11-24T06:00:00Z');
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
};

const refusal = (take: () => void) => {
  try {
    take();
  } catch (error) {
    return error as RetryLaterError;
  }
  return undefined;
};

describe('search rate', () => {
  it('lets six seconds of searches through at once, then one per 1/rate seconds', () => {
    const time = clockAt();
    const rate = createSearchRate({ perSecond: 2 }, time.clock);
    for (let i = 0; i < 12; i++) rate.take('a');
    const refused = refusal(() => rate.take('a'));
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(refused?.message).toBe(searchRateMessage(1));
    time.advance(500);
    expect(refusal(() => rate.take('a'))).toBeUndefined();
    expect(refusal(() => rate.take('a'))).toBeInstanceOf(RetryLaterError);
  });

  it('counts each client on its own and refills to the burst, not beyond', () => {
    const time = clockAt();
    const rate = createSearchRate({ perSecond: 1 }, time.clock);
    for (let i = 0; i < 6; i++) rate.take('a');
    expect(refusal(() => rate.take('a'))).toBeDefined();
    expect(refusal(() => rate.take('b'))).toBeUndefined();
    time.advance(3_600_000);
    for (let i = 0; i < 6; i++) rate.take('a');
    expect(refusal(() => rate.take('a'))).toBeDefined();
  });

  it('says how many seconds to wait when the rate is below one a second', () => {
    const time = clockAt();
    const rate = createSearchRate({ perSecond: 0.25 }, time.clock);
    // A burst of 1.5: after one search half a token is left, and the next whole one takes 2 s.
    rate.take('a');
    expect(refusal(() => rate.take('a'))).toMatchObject({ retryAfterSeconds: 2 });
    expect(searchRateMessage(4)).toBe('Too many searches; try again in 4 seconds.');
  });

  it('limits nothing without a rate or with 0', () => {
    const { clock } = clockAt();
    for (const rate of [
      createSearchRate(undefined, clock),
      createSearchRate({ perSecond: 0 }, clock),
    ])
      for (let i = 0; i < 1000; i++) rate.take('a');
  });
});
