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

describe('the request deadline', () => {
  it('passes an answer that comes in time through unchanged', async () => {
    const answer = Response.json({ ok: true }, { status: 201 });
    const res = await withDeadline(get(), '/api/properties', Promise.resolve(answer), () => {}, 50);
    expect(res).toBe(answer);
  });

  it('answers 503 with Retry-After when the work hangs, and logs what it did later', async () => {
    let finish: (r: Response) => void = () => {};
    const work = new Promise<Response>((resolve) => (finish = resolve));
    const late: string[] = [];
    const res = await withDeadline(get(), '/api/properties', work, (o) => late.push(o), 20);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: DEADLINE_MESSAGE });
    finish(new Response(null, { status: 201 }));
    await work;
    await Promise.resolve();
    expect(late).toEqual(['answered 201 after the deadline']);
  });

  it('leaves uploads and live streams to their own pace', async () => {
    const streamAnswer = new Response('stream');
    const slowStream = new Promise<Response>((r) => setTimeout(() => r(streamAnswer), 40));
    const path = '/api/conversations/stream';
    expect(await withDeadline(get(path), path, slowStream, () => {}, 10)).toBe(streamAnswer);
    const uploadAnswer = new Response(null, { status: 201 });
    const slowUpload = new Promise<Response>((r) => setTimeout(() => r(uploadAnswer), 40));
    expect(await withDeadline(upload(), '/api/properties', slowUpload, () => {}, 10)).toBe(
      uploadAnswer,
    );
    // A hanging ordinary request on the same path is cut.
    expect((await withDeadline(get(), '/api/properties', never(), () => {}, 10)).status).toBe(503);
  });
});
