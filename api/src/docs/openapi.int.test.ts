import { TENANCY_FILTER_KEYS } from '@rentals/core/listings/tenancyFilters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../auth/model.ts';
import { RENT_BOUNDS } from '@rentals/core/listings/bounds';
import { fieldMessages } from '@rentals/core/listings/fields';
import { testApp, type TestApp } from '@rentals/testing/testApp';

/**
 * The OpenAPI document describes each body from the schema that checks it:
 * the same bounds and the same messages (`x-messages`), never a hand-kept copy.
 */
type Schema = {
  required?: string[];
  properties: Record<string, Record<string, unknown>>;
};
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: Schema; encoding?: object }> };
        parameters?: { name: string; schema: Record<string, unknown> }[];
        responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await testApp();
  doc = (await t.request<Doc>('GET', '/api/openapi.json')).body;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('describes the listing form (SPEC §7 names) from the listing schema', () => {
    const create = doc.paths['/api/properties']!.post!.requestBody!.content['multipart/form-data']!;
    expect(create.schema.required).toEqual([
      'title',
      'description',
      'propertyType',
      'rent',
      'rentType',
      'location[city]',
      'location[area]',
      'location[address]',
      'location[pinCode]',
    ]);
    expect(create.schema.properties.rent).toMatchObject({
      type: 'integer',
      maximum: RENT_BOUNDS.max,
      'x-messages': { minimum: fieldMessages.rentPositive, maximum: fieldMessages.rentMax },
    });
    expect(create.encoding).toMatchObject({ propertyDetails: { contentType: 'application/json' } });
    const edit = doc.paths['/api/properties/{id}']!.put!.requestBody!.content;
    expect(Object.keys(edit['multipart/form-data']!.schema.properties)).toContain('keepImages');
    expect(edit['application/json']!.schema.properties.propertyDetails).toMatchObject({
      properties: { bedrooms: { type: 'integer', maximum: 50 } },
    });
  });

  it('describes the auth bodies and the search query from their schemas', () => {
    const register =
      doc.paths['/api/auth/register']!.post!.requestBody!.content['application/json']!;
    expect(register.schema.properties.password).toMatchObject({
      'x-messages': { pattern: MESSAGES.passwordBlank },
    });
    const search = doc.paths['/api/properties']!.get!.parameters!;
    expect(search.map((p) => p.name)).toEqual([
      'city',
      'area',
      'propertyType',
      'minRent',
      'maxRent',
      'bedrooms',
      'bathrooms',
      'ownersOnly',
      'q',
      ...TENANCY_FILTER_KEYS,
      'bbox',
      'polygon',
      'sort',
      'page',
      'limit',
    ]);
    const publicNames = doc.paths['/api/properties/public']!.get!.parameters!.map((p) => p.name);
    // A drawn area is tested against visitors' own (approximate) positions.
    expect(publicNames).toContain('polygon');
    expect(publicNames).not.toContain('minRent');
    expect(publicNames).not.toContain('furnishing');
  });

  it('describes the favourites: the list query with its bounds, and the toggles', () => {
    const list = doc.paths['/api/favourites']!.get!.parameters!;
    expect(list.map((p) => p.name)).toEqual(['filter', 'page', 'limit']);
    expect(list.find((p) => p.name === 'limit')!.schema).toMatchObject({ minimum: 1, maximum: 50 });
    expect(Object.keys(doc.paths['/api/favourites/{listingId}']!).sort()).toEqual([
      'delete',
      'put',
    ]);
  });

  it('describes what the signed-in search answers, though it sends its JSON already written', async () => {
    const search = doc.paths['/api/properties']!.get!.responses!['200']!;
    const schema = search.content!['application/json']!.schema;
    expect(Object.keys(schema.properties)).toEqual(['properties', 'totalCount', 'hasMore']);
    // The answer itself is the handler's own string, sent without response validation.
    const res = await t.request<Record<string, unknown>>('GET', '/api/properties?limit=1', {
      token: (await t.registerUser('tenant')).token,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(Object.keys(schema.properties));
  });
});
