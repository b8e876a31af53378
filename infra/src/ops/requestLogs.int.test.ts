// Production logs (LOG_FORMAT=json): a request's id is returned to the caller, logged by the web
// process, recorded in its events' metadata and logged by every projection that applies them, so
// one grep follows a command from the request to the read models.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listingForm } from '@rentals/testing/listingForm';
import { startProduct, type ProductStack } from '@rentals/testing/product';
import { registerAt } from '@rentals/testing/webProcess';

let stack: ProductStack;
let base: string;
let token: string;

beforeAll(async () => {
  stack = await startProduct();
  base = await stack.startProcesses({ LOG_FORMAT: 'json' });
  token = await registerAt(
    base,
    {
      name: 'Log Owner',
      email: `logs-${randomBytes(4).toString('hex')}@example.in`,
      password: 'secret12',
      phone: '9876543210',
    },
    stack.mailWebUrl,
  );
}, 120_000);
afterAll(() => stack.stop());

/** Every JSON log line of both processes (the harness prefixes chunks with the process' name). */
const jsonLines = () =>
  stack
    .logs()
    .split('\n')
    .map((line) => line.replace(/^\[(web|projections)\] /, ''))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

it('follows a listing create from its request to its event and the projections that apply it', async () => {
  const requestId = `req-${randomBytes(6).toString('hex')}`;
  const created = await fetch(`${base}/api/properties`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
    body: listingForm(),
  });
  expect(created.status).toBe(201);
  expect(created.headers.get('x-request-id')).toBe(requestId);
  const { property } = (await created.json()) as { property: { _id: string } };

  const [event] = await stack.sql<{ metadata: { correlationId?: string; userId?: string } }[]>`
    SELECT metadata FROM events WHERE stream_id = ${`listing-${property._id}`}`;
  expect(event?.metadata.correlationId).toBe(requestId);

  await expect
    .poll(
      () =>
        jsonLines()
          .filter((l) => (l.correlationIds as string[] | undefined)?.includes(requestId))
          .map((l) => l.projection as string)
          .sort(),
      { timeout: 30_000, interval: 100 },
    )
    .toEqual(
      expect.arrayContaining([
        'listing-read-model',
        'listings-search-index',
        'public-listing-model',
      ]) as unknown,
    );
  const web = jsonLines().filter((l) => l.requestId === requestId);
  expect(web).toEqual([
    expect.objectContaining({
      level: 'info',
      msg: 'POST /api/properties 201',
      method: 'POST',
      path: '/api/properties',
      status: 201,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      ms: expect.any(Number) as unknown,
    }),
  ]);
}, 60_000);

it('gives every response an id: a sane incoming one is kept, anything else is replaced', async () => {
  const generated = await fetch(`${base}/api/health/live`);
  expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  for (const bad of ['has spaces', 'x'.repeat(65), 'a"b', 'line\tbreak']) {
    const res = await fetch(`${base}/api/health/live`, { headers: { 'x-request-id': bad } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  }
  // Errors and pages outside the API carry it too.
  const missing = await fetch(`${base}/api/properties/not-a-listing`, {
    headers: { 'x-request-id': 'trace-404' },
  });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('x-request-id')).toBe('trace-404');
  const page = await fetch(`${base}/`, { headers: { 'x-request-id': 'trace-page' } });
  expect(page.headers.get('x-request-id')).toBe('trace-page');
});
