import { describe, expect, it } from 'vitest';
import { httpStatusOf, isLoopback } from './health.ts';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])(
    '%s is this machine',
    (address) => expect(isLoopback(address)).toBe(true),
  );
  it.each([
    null,
    '',
    '10.0.0.1',
    '203.0.113.7',
    '::ffff:10.0.0.1',
    'fe80::1',
    '1127.0.0.1',
    '127.0.0.1.evil',
  ])('%s is not', (address) => expect(isLoopback(address)).toBe(false));
});

describe('httpStatusOf', () => {
  it('keeps a degraded instance in a load balancer and takes out one that is down', () => {
    expect(httpStatusOf('ok')).toBe(200);
    expect(httpStatusOf('degraded')).toBe(200);
    expect(httpStatusOf('down')).toBe(503);
  });
});
