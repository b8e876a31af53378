import { describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGE, withDeadline } from './requestDeadline.ts';

const never = () => new Promise<Response>(() => {});
const idle = () => false;
const quiet = () => {};

describe('the request deadline', () => {
  it('passes an answer that comes in time through unchanged', async () => {
    const answer = Response.json({ ok: true }, { status: 201 });
    const res = await withDeadline('/api/properties', Promise.resolve(answer), {
      receiving: idle,
      onLate: quiet,
      ms: 50,
    });
    expect(res).toBe(answer);
  });

  it('answers 503 with Retry-After when the work hangs, and logs what it did later', async () => {
    let finish: (r: Response) => void = () => {};
    const work = new Promise<Response>((resolve) => (finish = resolve));
    const late: string[] = [];
    const res = await withDeadline('/api/properties', work, {
      receiving: idle,
      onLate: (o) => late.push(o),
      ms: 20,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: DEADLINE_MESSAGE });
    finish(new Response(null, { status: 201 }));
    await work;
    await Promise.resolve();
    expect(late).toEqual(['answered 503, still running', 'answered 201 after the deadline']);
  });

  it('leaves live streams open', async () => {
    const answer = new Response('stream');
    const slow = new Promise<Response>((r) => setTimeout(() => r(answer), 40));
    const path = '/api/conversations/stream';
    expect(await withDeadline(path, slow, { receiving: idle, onLate: quiet, ms: 10 })).toBe(answer);
  });

  it('waits while a body is still arriving, and cuts a request once it has stopped', async () => {
    let arriving = true;
    const answer = new Response(null, { status: 201 });
    // Past the deadline while the body still arrives: the work's answer, not a 503.
    const slow = new Promise<Response>((r) => setTimeout(() => r(answer), 40));
    const res = withDeadline('/api/properties', slow, {
      receiving: () => arriving,
      onLate: quiet,
      ms: 10,
    });
    expect(await res).toBe(answer);
    arriving = false;
    const hanging = withDeadline('/api/properties', never(), {
      receiving: () => arriving,
      onLate: quiet,
      ms: 10,
    });
    expect((await hanging).status).toBe(503);
  });
});
