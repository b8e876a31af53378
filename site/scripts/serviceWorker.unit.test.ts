import { describe, expect, it } from 'vitest';
import {
  dynamicImports,
  isBuiltAsset,
  isEnglishPage,
  isHindiPage,
  isKannadaPage,
  runtimeCaching,
} from './serviceWorker.ts';

const ORIGIN = 'http://localhost:4321';
const matchers = [isEnglishPage, isHindiPage, isKannadaPage, isBuiltAsset];

/** What Workbox hands a matcher for a request the page makes. */
const ask = (path: string, { navigate = false, method = 'GET', origin = ORIGIN } = {}) => {
  const url = new URL(path, origin);
  const request = { url: url.href, method, mode: navigate ? 'navigate' : 'cors' } as Request;
  return { url, request, sameOrigin: url.origin === ORIGIN };
};
const matching = (path: string, options?: Parameters<typeof ask>[1]) =>
  matchers.filter((match) => match(ask(path, options))).map((match) => match.name);

describe('what the service worker caches', () => {
  it('takes each page to its language, for the offline page in that language', () => {
    expect(matching('/', { navigate: true })).toEqual(['isEnglishPage']);
    expect(matching('/properties/abc', { navigate: true })).toEqual(['isEnglishPage']);
    expect(matching('/hi', { navigate: true })).toEqual(['isHindiPage']);
    expect(matching('/hi/favourites', { navigate: true })).toEqual(['isHindiPage']);
    expect(matching('/kn/browse/pune', { navigate: true })).toEqual(['isKannadaPage']);
    expect(matching('/history', { navigate: true })).toEqual(['isEnglishPage']);
  });

  it('never touches the API, whatever the request: its answers may be one user’s', () => {
    for (const path of ['/api/favourites', '/api/auth/me', '/api', '/api/properties?city=Pune'])
      for (const navigate of [true, false]) expect(matching(path, { navigate })).toEqual([]);
  });

  it('keeps built assets, but nothing from another site and no page fetched by a script', () => {
    expect(matching('/_astro/app.CnVCxzqi.js')).toEqual(['isBuiltAsset']);
    expect(matching('/_astro/app.CnVCxzqi.js', { method: 'POST' })).toEqual([]);
    expect(matching('/_astro/x.js', { origin: 'https://cdn.example.com' })).toEqual([]);
    expect(matching('/', { navigate: true, origin: 'https://example.com' })).toEqual([]);
    expect(matching('/login')).toEqual([]);
  });

  it('serves pages from the network first, and caches only whole successful answers', () => {
    const pages = runtimeCaching.filter((entry) => entry.handler === 'NetworkFirst');
    expect(pages).toHaveLength(3);
    for (const entry of pages) {
      expect(entry.options?.networkTimeoutSeconds).toBeUndefined();
      expect(entry.options?.cacheableResponse?.statuses).toEqual([200]);
    }
    expect(pages.map((entry) => entry.options?.precacheFallback?.fallbackURL)).toEqual([
      '/hi/offline/index.html',
      '/kn/offline/index.html',
      '/offline/index.html',
    ]);
  });
});

describe('dynamicImports', () => {
  it('finds the chunks a module loads later, however the bundler quotes them', () => {
    const code = 'let n=()=>g(()=>import(`./app.X.js`));import("./bell.Y.js");x.import(a)';
    expect(dynamicImports(code)).toEqual(['./app.X.js', './bell.Y.js']);
  });
});
