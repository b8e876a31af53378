import { describe, expect, it } from 'vitest';
import { sseParser } from './sse.ts';

describe('sseParser', () => {
  it('reads events split across chunks, with ids, names and multi-line data', () => {
    const parse = sseParser();
    expect(parse('retry: 3000\n\nid: 7\nevent: mess')).toEqual([]);
    expect(
      parse('age\ndata: {"a":1}\n\n: heartbeat\n\nevent: ready\ndata: x\ndata: y\n\n'),
    ).toEqual([
      { id: '7', event: 'message', data: '{"a":1}' },
      { id: undefined, event: 'ready', data: 'x\ny' },
    ]);
  });
  it('accepts CRLF line endings', () => {
    expect(sseParser()('id: 1\r\nevent: read\r\ndata: {}\r\n\r\n')).toEqual([
      { id: '1', event: 'read', data: '{}' },
    ]);
  });
});
