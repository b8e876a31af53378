import { describe, expect, it } from 'vitest';
import { clientIpFrom } from './clientIp.ts';

const request = (forwardedFor?: string) =>
  new Request('http://localhost/api/auth/login', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
const socketAddress = () => '10.0.0.9';

describe('clientIpFrom', () => {
  it('uses the socket address and ignores X-Forwarded-For when no proxy is trusted', () => {
    const ip = clientIpFrom({ socketAddress });
    expect(ip(request())).toBe('10.0.0.9');
    expect(ip(request('1.2.3.4'))).toBe('10.0.0.9');
  });

  it.each([
    [1, '203.0.113.7', '203.0.113.7'],
    [1, 'forged.by.client, 203.0.113.7', '203.0.113.7'],
    [2, 'forged, 203.0.113.7, 198.51.100.2', '203.0.113.7'],
    [2, '203.0.113.7', '10.0.0.9'],
    [1, '', '10.0.0.9'],
  ])('behind %i trusted proxies, X-Forwarded-For "%s" → %s', (hops, header, expected) => {
    expect(clientIpFrom({ socketAddress, trustedProxyHops: hops })(request(header))).toBe(expected);
  });

  it('falls back to the socket address when a request came around the proxy', () => {
    expect(clientIpFrom({ socketAddress, trustedProxyHops: 1 })(request())).toBe('10.0.0.9');
  });
});
