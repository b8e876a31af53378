import { runInThisContext } from 'node:vm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { apiRoute } from '../../lib/api.ts';
import { filtersFromSearch } from '../../lib/filters.ts';
import { drawnAreaOf } from '../../lib/drawnArea.ts';
import { setPageMessages } from '../../lib/i18n.ts';
import { inlineCall, sendEarlyGet } from '../../lib/inlineScript.ts';
import { sendListingEarly } from '../propertyDetail/earlyListing.ts';
import { fetchPage, firstPageScript } from './firstPage.ts';

beforeAll(() => setPageMessages(pageMessages('en', ['common'])));

/** The browser a page's inline head script runs in: a stored token, an address, a counted fetch. */
const browserAt = (address: string, token: string | null = 'token-1') => {
  const url = new URL(address, 'http://localhost');
  const sent: { url: string; authorization: string | null; language: string | null }[] = [];
  const answers: Record<string, () => Promise<Response>> = {};
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'token' ? token : null) });
  vi.stubGlobal('location', url);
  vi.stubGlobal('document', { documentElement: { lang: 'hi-IN' } });
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    sent.push({
      url: input,
      authorization: headers.get('authorization'),
      language: headers.get('accept-language'),
    });
    return (
      answers[input]?.() ??
      Promise.resolve(
        Response.json({ properties: [{ _id: input }], totalCount: 1, hasMore: false }),
      )
    );
  });
  return { sent, answers };
};

/** Runs a page's inline script from its text, as the browser would: it must need nothing else. */
const runInline = (script: string) => {
  runInThisContext(script);
};

/** The list's first request for the address (useUrlFilters, then usePropertyList's page 1). */
const listsFirstPage = (search: string) =>
  fetchPage(
    { filters: filtersFromSearch(search), visitor: false, bbox: null, drawn: drawnAreaOf(search) },
    1,
    true,
  );

beforeEach(() => {
  delete (globalThis as { earlyGets?: unknown }).earlyGets;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/properties: page 1 sent by the inline head script, taken by the list', () => {
  it.each([
    '?city=Pune',
    '?city=Pune&area=Baner&minRent=15000&bedrooms=2',
    // Kept as cleanFilters keeps them: blank and non-numeric rents dropped, spaces trimmed.
    '?q=%20sea%20view%20&city=Mumbai&minRent=1.5%20lakh&maxRent=&furnishing=semi',
    '?maxDepositMonths=3&petsAllowed=true&propertyType=flat',
    '',
  ])('%s: one request, before any module, and the list uses its answer', async (search) => {
    const { sent } = browserAt(`/properties${search}`);
    runInline(firstPageScript());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ authorization: 'Bearer token-1', language: 'hi-IN' });
    const page = await listsFirstPage(search);
    expect(sent).toHaveLength(1);
    expect(page.items).toEqual([{ _id: sent[0]!.url }]);
  });

  it('sends nothing without a stored token, or on the map (whose area narrows page 1)', () => {
    const signedOut = browserAt('/properties?city=Pune', null);
    runInline(firstPageScript());
    expect(signedOut.sent).toHaveLength(0);
    const map = browserAt('/properties?city=Pune&view=map');
    runInline(firstPageScript());
    expect(map.sent).toHaveLength(0);
  });

  it('an answer is taken once; a page the list asks for that was not sent early is sent then', async () => {
    const { sent } = browserAt('/properties?city=Pune');
    runInline(firstPageScript());
    await listsFirstPage('?city=Pune');
    await listsFirstPage('?city=Pune');
    await listsFirstPage('?city=Nashik');
    expect(sent.map((s) => s.url)).toEqual([
      '/api/properties?city=Pune&page=1&limit=12',
      '/api/properties?city=Pune&page=1&limit=12',
      '/api/properties?city=Nashik&page=1&limit=12',
    ]);
  });

  it('an early request that could not be sent is sent again when the list asks', async () => {
    const { sent, answers } = browserAt('/properties?city=Pune');
    answers['/api/properties?city=Pune&page=1&limit=12'] = () =>
      Promise.reject(new TypeError('Failed to fetch'));
    runInline(firstPageScript());
    delete answers['/api/properties?city=Pune&page=1&limit=12'];
    const page = await listsFirstPage('?city=Pune');
    expect(sent).toHaveLength(2);
    expect(page.total).toBe(1);
  });
});

describe('a listing: GET /properties/{id} sent by the inline head script, taken by the page', () => {
  it.each(['/properties/p-1', '/kn/properties/p-1/'])('%s', async (path) => {
    const { sent } = browserAt(path);
    runInline(inlineCall(sendListingEarly, sendEarlyGet));
    expect(sent.map((s) => s.url)).toEqual(['/api/properties/p-1']);
    await apiRoute('GET /properties/:id', { params: { id: 'p-1' } });
    expect(sent).toHaveLength(1);
  });

  it('sends nothing signed out or for an address that is not a listing', () => {
    const signedOut = browserAt('/properties/p-1', null);
    runInline(inlineCall(sendListingEarly, sendEarlyGet));
    expect(signedOut.sent).toHaveLength(0);
    const other = browserAt('/properties/p-1/edit');
    runInline(inlineCall(sendListingEarly, sendEarlyGet));
    expect(other.sent).toHaveLength(0);
  });
});
