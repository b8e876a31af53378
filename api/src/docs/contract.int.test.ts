import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchema } from '@sinclair/typebox';
import { apiRoutes } from '@rentals/core/contract/routes';
import { testApp, type TestApp } from '@rentals/testing/testApp';

/**
 * The site types its calls from core's route table (site/src/lib/api.ts): the table holds for
 * the API only while each route answers, on success, with the very schema the table names.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const successSchemas = (response: unknown): unknown[] =>
  response && typeof response === 'object'
    ? Object.entries(response as Record<string, unknown>)
        .filter(([status]) => status === '200' || status === '201')
        .map(([, schema]) => schema)
    : [];

describe('the route table of the contract', () => {
  it.each(Object.entries(apiRoutes))('%s is a route answering that schema', (key, schema) => {
    const [method, path] = key.split(' ') as [string, string];
    const route = t.app.routes.find((r) => r.method === method && r.path === `/api${path}`);
    expect(route, `${key} is not a route of the app`).toBeDefined();
    const declared = successSchemas((route?.hooks as { response?: unknown }).response);
    expect(declared.length).toBeGreaterThan(0);
    for (const s of declared) expect(s as TSchema).toBe(schema);
  });

  it('names every route that declares what it answers, but the health probes', () => {
    // The probes answer the platform's monitors, not the site: their schemas stay in api/src/health.
    const probes = ['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready'];
    const inTable = new Set(Object.keys(apiRoutes).map((key) => key.replace(' ', ' /api')));
    const declared = t.app.routes
      .filter((r) => successSchemas((r.hooks as { response?: unknown }).response).length > 0)
      .map((r) => `${r.method} ${r.path}`);
    expect(declared.filter((key) => !inTable.has(key))).toEqual(probes);
  });
});
