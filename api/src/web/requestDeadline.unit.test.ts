import { describe, expect, it } from 'vitest';
import { WRITE_CANCELLED_MESSAGE } from '@rentals/core/eventStore/writeFence';
import type { WriteAttempt } from '../idempotency/idempotency.ts';
import { WRITE_PENDING_MESSAGE, WRITE_SAVED_MESSAGE } from '../idempotency/model.ts';
import { DEADLINE_MESSAGE, withDeadline } from './requestDeadline.ts';

const never = () => new Promise<Response>(() => {});
const idle = () => false;
const quiet = () => {};
const read = { method: 'GET', pathname: '/api/properties/my-properties' };
const create = { method: 'POST', pathname: '/api/properties' };

/** A write past its deadline whose attempt settles as `settled` (or never answers). */
const lateWrite = async (attempt: WriteAttempt | undefined) => {
  const res = await withDeadline(create, never(), {
    receiving: idle,
    attempt: () => attempt,
    onLate: quiet,
    ms: 10,
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
};

describe('the request deadline', () => {
  it('passes an answer that comes in time through unchanged', async () => {
    const answer = Response.json({ ok: true }, { status: 201 });
    const res = await withDeadline(create, Promise.resolve(answer), {
      receiving: idle,
      onLate: quiet,
      ms: 50,
    });
    expect(res).toBe(answer);
  });

  it('answers a read 503 with Retry-After when it hangs, and logs what it did later', async () => {
    let finish: (r: Response) => void = () => {};
    const work = new Promise<Response>((resolve) => (finish = resolve));
    const late: string[] = [];
    const res = await withDeadline(read, work, {
      receiving: idle,
      onLate: (o) => late.push(o),
      ms: 20,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: DEADLINE_MESSAGE });
    finish(new Response(null, { status: 200 }));
    await work;
    await Promise.resolve();
    expect(late).toEqual(['answered 503, still running', 'answered 200 after the deadline']);
  });

  it('says "try again" to a write only when its attempt was cancelled before any append', async () => {
    const cancelled = await lateWrite({ fenced: true, cancel: () => Promise.resolve('cancelled') });
    expect(cancelled).toEqual({ status: 503, body: { message: WRITE_CANCELLED_MESSAGE } });
    const done = await lateWrite({ fenced: true, cancel: () => Promise.resolve('done') });
    expect(done).toEqual({ status: 202, body: { message: WRITE_SAVED_MESSAGE } });
  });

  it('answers 202 "still being saved" when the write cannot be cancelled or the cancel does not answer', async () => {
    const pending = { status: 202, body: { message: WRITE_PENDING_MESSAGE } };
    expect(await lateWrite({ fenced: true, cancel: never as () => never })).toEqual(pending);
    expect(
      await lateWrite({ fenced: true, cancel: () => Promise.reject(new Error('down')) }),
    ).toEqual(pending);
    expect(await lateWrite({ fenced: false, cancel: () => Promise.resolve('cancelled') })).toEqual(
      pending,
    );
    expect(await lateWrite(undefined)).toEqual(pending);
  });

  it('leaves live streams open', async () => {
    const answer = new Response('stream');
    const slow = new Promise<Response>((r) => setTimeout(() => r(answer), 40));
    const stream = { method: 'GET', pathname: '/api/conversations/stream' };
    expect(await withDeadline(stream, slow, { receiving: idle, onLate: quiet, ms: 10 })).toBe(
      answer,
    );
  });

  it('waits while a body is still arriving, and cuts a request once it has stopped', async () => {
    let arriving = true;
    const answer = new Response(null, { status: 201 });
    // Past the deadline while the body still arrives: the work's answer, not a deadline answer.
    const slow = new Promise<Response>((r) => setTimeout(() => r(answer), 40));
    const res = withDeadline(create, slow, {
      receiving: () => arriving,
      onLate: quiet,
      ms: 10,
    });
    expect(await res).toBe(answer);
    arriving = false;
    const hanging = withDeadline(read, never(), {
      receiving: () => arriving,
      onLate: quiet,
      ms: 10,
    });
    expect((await hanging).status).toBe(503);
  });
});
