import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../push/vapidKeys.ts';
import { ConfigError, loadConfig } from './env.ts';

describe('MEILI_URL', () => {
  it('takes one URL or a comma-separated list; meiliUrl is the first', () => {
    expect(loadConfig({ MEILI_URL: 'http://a:7700/' })).toMatchObject({
      meiliUrl: 'http://a:7700',
      meiliUrls: ['http://a:7700'],
    });
    expect(loadConfig({ MEILI_URL: 'http://a:7700, https://b:7700' })).toMatchObject({
      meiliUrl: 'http://a:7700',
      meiliUrls: ['http://a:7700', 'https://b:7700'],
    });
    expect(loadConfig({})).toMatchObject({ meiliUrl: undefined, meiliUrls: [] });
  });

  it('refuses empty entries, other protocols and the same server twice', () => {
    for (const bad of [
      'http://a:7700,',
      'http://a:7700,,http://b',
      'ftp://a',
      'http://a,http://a/',
    ])
      expect(() => loadConfig({ MEILI_URL: bad })).toThrow(ConfigError);
  });
});

describe('LOG_FORMAT', () => {
  it('is plain unless json is asked for, and refuses anything else', () => {
    expect(loadConfig({}).logFormat).toBe('plain');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(
      /LOG_FORMAT must be one of plain, json/,
    );
  });
});

describe('SEARCHES_PER_SECOND', () => {
  it('is 10 unless set, 0 turns the limit off, and anything but a whole number up to 10,000 is refused', () => {
    expect(loadConfig({}).searchesPerSecond).toBe(10);
    expect(loadConfig({ SEARCHES_PER_SECOND: '0' }).searchesPerSecond).toBe(0);
    expect(loadConfig({ SEARCHES_PER_SECOND: '25' }).searchesPerSecond).toBe(25);
    for (const bad of ['-1', '2.5', 'ten', '10001'])
      expect(() => loadConfig({ SEARCHES_PER_SECOND: bad })).toThrow(
        /SEARCHES_PER_SECOND must be a whole number between 0 and 10000/,
      );
  });
});

describe('VAPID keys and push endpoints', () => {
  const pair = generateVapidKeys();

  it('takes both keys or neither (then the database keeps a generated pair)', () => {
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })
        .vapidKeys,
    ).toEqual(pair);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/go together/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY must be 65 bytes/);
  });

  it('takes a mailto: or https: subject', () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@rentals.localhost');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@rentals.in' }).vapidSubject).toBe(
      'mailto:ops@rentals.in',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://rentals.in' })).toThrow(ConfigError);
  });

  it('allows no http or private push endpoint unless listed, by origin', () => {
    expect(loadConfig({}).pushEndpointAllowlist).toEqual([]);
    expect(
      loadConfig({ PUSH_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:4999/push' }).pushEndpointAllowlist,
    ).toEqual(['http://127.0.0.1:4999']);
  });
});
