import { describe, expect, it } from 'vitest';
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
