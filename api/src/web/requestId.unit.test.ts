import { describe, expect, it } from 'vitest';
import { requestIdOf, shareRequestId } from './requestId.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const request = (id?: string) =>
  new Request(
    'http://localhost/api/x',
    id === undefined ? {} : { headers: { 'x-request-id': id } },
  );

describe('requestIdOf', () => {
  it('keeps a sane incoming X-Request-Id', () => {
    for (const id of ['abc', 'req-1.2_3:4', 'A'.repeat(64), '0b1c6f0e-9e36-4c61-9d0a-5b7b4f1c2d3e'])
      expect(requestIdOf(request(id))).toBe(id);
  });

  it('replaces one that is too long or has unsafe characters with a new UUID', () => {
    for (const id of ['', 'A'.repeat(65), 'two words', 'a"b', 'a\tb', 'a/b', 'ü', '{"level":"x"}'])
      expect(requestIdOf(request(id))).toMatch(UUID);
  });

  it('generates one when there is none, the same for the same request every time', () => {
    const r = request();
    const id = requestIdOf(r);
    expect(id).toMatch(UUID);
    expect(requestIdOf(r)).toBe(id);
    expect(requestIdOf(request())).not.toBe(id);
  });

  it('gives a copy of the request the same id', () => {
    const original = request();
    const copy = new Request(original.url, { headers: original.headers });
    shareRequestId(original, copy);
    expect(requestIdOf(copy)).toBe(requestIdOf(original));
  });
});
