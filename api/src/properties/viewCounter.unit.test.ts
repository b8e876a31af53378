import { describe, expect, it } from 'vitest';
import { addressKey, viewDay } from './viewCounter.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses, unwrapping IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reduces IPv6 to its /64, however it is written', () => {
    const key = '2001:0db8:0001:0002::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::abcd%eth0',
    ])
      expect(addressKey(address), address).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
  });

  it('puts unknown addresses in one bucket', () => {
    expect(addressKey(null)).toBe('unknown');
    expect(addressKey('')).toBe('unknown');
  });
});

describe('viewDay', () => {
  it('is the calendar day in India', () => {
    expect(viewDay(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(viewDay(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
  });
});
