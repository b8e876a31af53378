import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { ApiError, api, describeError, WRITE_TRIES } from './api.ts';
import { setPageMessages } from './i18n.ts';

// The page's texts, as the layout embeds them (the client's failures come from `common`).
beforeAll(() => setPageMessages(pageMessages('en', ['common'])));

describe('describeError', () => {
  it.each([
    [
      new ApiError(400, 'Validation failed', [
        { path: 'email', msg: 'Bad' },
        { path: 'phone', msg: 'Short' },
      ]),
      'Validation failed: email: Bad, phone: Short',
    ],
    [new ApiError(401, 'Invalid email or password'), 'Invalid email or password'],
    [new ApiError(500, ''), 'fallback'],
    [new Error('boom'), 'fallback'],
  ])('%#', (error, text) => {
    expect(describeError(error, 'fallback')).toBe(text);
  });
});

describe('api: one Idempotency-Key per write, the same on its retries', () => {
  type Seen = { method: string; key: string | null };
  const serve = (answers: (() => Response)[]) => {
    const seen: Seen[] = [];
    globalThis.fetch = ((_url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push({ method: init.method ?? 'GET', key: headers.get('idempotency-key') });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return Promise.resolve(next());
    }) as typeof fetch;
    return seen;
  };
  const lost = () => {
    throw new TypeError('Failed to fetch');
  };
  const later = (status: number) =>
    Response.json({ message: 'wait' }, { status, headers: { 'retry-after': '1' } });
  const created = () => Response.json({ id: 'p1' }, { status: 201 });
  const real = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = real;
  });

  it('sends the same key after no answer, a 202 and a 409 in progress, and returns the outcome', async () => {
    const seen = serve([lost, () => later(202), () => later(409), created]);
    expect(await api('/properties', { method: 'POST', json: { a: 1 } })).toEqual({ id: 'p1' });
    expect(seen).toHaveLength(4);
    const [first] = seen;
    expect(first?.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(new Set(seen.map((s) => s.key))).toEqual(new Set([first?.key]));
  });

  it("sends the same key after the proxy's 502 and 504 (a web process gone mid-request)", async () => {
    const seen = serve([() => later(502), () => later(504), created]);
    expect(await api('/properties', { method: 'POST', json: { a: 1 } })).toEqual({ id: 'p1' });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
  });

  it('gives each call (each user action) a key of its own, or the one the form keeps', async () => {
    const seen = serve([created, created, created]);
    await api('/saved-searches', { method: 'POST', json: {} });
    await api('/saved-searches', { method: 'POST', json: {} });
    await api('/properties', { method: 'PUT', json: {}, idempotencyKey: 'form-key-123' });
    expect(seen[0]?.key).not.toBe(seen[1]?.key);
    expect(seen[2]?.key).toBe('form-key-123');
  });

  it('does not retry a refusal, and stops after its tries with the pending answer as an error', async () => {
    const conflict = () => Response.json({ message: 'changed' }, { status: 409 });
    expect(serve([conflict])).toBeDefined();
    await expect(api('/properties/x', { method: 'DELETE' })).rejects.toMatchObject({ status: 409 });
    const seen = serve(Array.from({ length: WRITE_TRIES }, () => () => later(202)));
    await expect(api('/properties', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 202,
      message: 'wait',
    });
    expect(seen).toHaveLength(WRITE_TRIES);
  });

  it('sends no key with a read and does not retry it', async () => {
    const seen = serve([() => later(503)]);
    await expect(api('/properties/my-properties')).rejects.toMatchObject({ status: 503 });
    expect(seen).toEqual([{ method: 'GET', key: null }]);
  });
});
