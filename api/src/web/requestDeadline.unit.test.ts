import { describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGE, withDeadline } from './requestDeadline.ts';

const get = (path = '/api/properties') => new Request(`http://x${path}`);
const upload = () =>
  new Request('http://x/api/properties', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    body: '--b--',
  });
const never = () => new Promise<Response>(() => {});
const read = Promise.resolve();
const quiet = () => {};

describe('the request deadline', () => {
  it('passes an answer that comes in time through unchanged', async () => {
    const answer = Response.json({ ok: true }, { status: 201 });
    const res = await withDeadline(get(), '/api/properties', Promise.resolve(answer), {
      bodyRead: read,
      onLate: quiet,
      ms: 50,
    });
    expect(res).toBe(answer);
  });

  it('answers 503 with Retry-After when the work hangs, and logs what it did later', async () => {
    let finish: (r: Response) => void = () => {};
    const work = new Promise<Response>((resolve) => (finish = resolve));
    const late: string[] = [];
    const res = await withDeadline(get(), '/api/properties', work, {
      bodyRead: read,
      onLate: (o) => late.push(o),
      ms: 20,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: DEADLINE_MESSAGE });
    finish(new Response(null, { status: 201 }));
    await work;
    await Promise.resolve();
    expect(late).toEqual(['answered 201 after the deadline']);
  });

  it('leaves live streams open, and starts an upload’s clock once its body has arrived', async () => {
    const streamAnswer = new Response('stream');
    const slowStream = new Promise<Response>((r) => setTimeout(() => r(streamAnswer), 40));
    const path = '/api/conversations/stream';
    expect(
      await withDeadline(get(path), path, slowStream, { bodyRead: read, onLate: quiet, ms: 10 }),
    ).toBe(streamAnswer);

    // Still sending: no deadline yet, however long the work takes.
    let arrived: () => void = () => {};
    const bodyRead = new Promise<void>((r) => (arrived = r));
    const uploadAnswer = new Response(null, { status: 201 });
    const slowUpload = new Promise<Response>((r) => setTimeout(() => r(uploadAnswer), 40));
    expect(
      await withDeadline(upload(), '/api/properties', slowUpload, {
        bodyRead,
        onLate: quiet,
        ms: 10,
      }),
    ).toBe(uploadAnswer);

    // Arrived, then hanging: cut like any other request.
    const hanging = withDeadline(upload(), '/api/properties', never(), {
      bodyRead,
      onLate: quiet,
      ms: 10,
    });
    arrived();
    expect((await hanging).status).toBe(503);
  });
});
