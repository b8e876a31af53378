import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { apiRoute, routeRequest } from './api.ts';
import type { Property } from './types.ts';

/*
 * apiRoute's types are checked by the site's type check (`tsc -p site` reads the tests too):
 * the expectations below fail it when a route's response schema (core/src/contract) changes
 * under them, and each @ts-expect-error fails it when the misuse it marks starts compiling.
 */

describe('apiRoute', () => {
  const real = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = real;
  });

  it("sends the route's method to its path, each parameter filled in and encoded", async () => {
    const seen: { url: string; method: string | undefined }[] = [];
    globalThis.fetch = ((url: string, init: RequestInit) => {
      seen.push({ url, method: init.method });
      return Promise.resolve(Response.json({ listingId: 'a b/c', favourite: true }));
    }) as typeof fetch;
    const answer = await apiRoute('PUT /favourites/:listingId', { params: { listingId: 'a b/c' } });
    expect(answer).toEqual({ listingId: 'a b/c', favourite: true });
    expect(seen).toEqual([{ url: '/api/favourites/a%20b%2Fc', method: 'PUT' }]);
  });

  it('fills every parameter of a path and refuses to send one left empty', () => {
    expect(routeRequest('POST /reports/listings/:listingId/review', { listingId: 'p1' })).toEqual({
      method: 'POST',
      path: '/reports/listings/p1/review',
    });
    expect(routeRequest('GET /properties/my-properties')).toEqual({
      method: 'GET',
      path: '/properties/my-properties',
    });
    expect(() => routeRequest('GET /properties/:id', {})).toThrow('no value for :id');
  });

  it("types the answer from the route's response schema", () => {
    // Never called (it would send requests): the type check reads it.
    const answers = () => {
      expectTypeOf(apiRoute('GET /favourites/ids')).resolves.toEqualTypeOf<{
        listingIds: string[];
      }>();
      expectTypeOf(
        apiRoute('PATCH /properties/:id/toggle-availability', { params: { id: 'p1' } }),
      ).resolves.toEqualTypeOf<{ property: Property }>();
      expectTypeOf(apiRoute('GET /conversations/unread')).resolves.toEqualTypeOf<{
        unread: number;
      }>();
    };
    expect(answers).toBeTypeOf('function');
  });

  it('refuses, at type-check time, an unknown route, a missing parameter and a misread answer', () => {
    // Never called: what matters is that each marked line does not compile.
    const misuses = async () => {
      // @ts-expect-error: no such route in the contract
      await apiRoute('GET /no-such-route');
      // @ts-expect-error: the path's :id is required
      await apiRoute('GET /properties/:id');
      // @ts-expect-error: the path has no :other
      await apiRoute('GET /properties/:id', { params: { id: 'p1', other: 'x' } });
      // @ts-expect-error: the method comes from the route, not the options
      await apiRoute('GET /favourites', { method: 'POST' });
      const { unread } = await apiRoute('GET /conversations/unread');
      // @ts-expect-error: unread is a number
      const text: string = unread;
      return text;
    };
    expect(misuses).toBeTypeOf('function');
  });
});
