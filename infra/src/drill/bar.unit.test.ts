import { describe, expect, it } from 'vitest';
import { ATTEMPT_LEASE_SECONDS, MESSAGES } from '@rentals/api/idempotency/model';
import { judge } from './bar.ts';
import type { Outcome } from './load.ts';

const outage = { start: 10_000, end: 13_000 };
const afterLease = outage.end + ATTEMPT_LEASE_SECONDS * 1000 + 4_000;
const answerLost = (attempt: number, start: number): Outcome => ({
  op: 'delete',
  start,
  end: start + 50,
  status: 409,
  retryAfter: null,
  message: MESSAGES.answerLost,
  error: null,
  requestId: 'r-1',
  attempt,
});

describe('the drills’ bar', () => {
  it('takes "already carried out, answer lost" as a retry’s honest outcome, however late the retry', () => {
    expect(judge(answerLost(2, afterLease), outage)).toMatchObject({ allowed: true });
  });

  it('refuses it to a first try long after recovery (no earlier try left work running)', () => {
    expect(judge(answerLost(1, afterLease), outage)).toMatchObject({ allowed: false });
  });

  it('refuses a 503 after recovery and one without Retry-After at any time', () => {
    const late = { ...answerLost(1, afterLease), status: 503, message: null, retryAfter: '5' };
    expect(judge(late, outage)).toMatchObject({ allowed: false });
    const bare = { ...late, start: outage.start + 100, retryAfter: null };
    expect(judge(bare, outage)).toMatchObject({ kind: '503 without Retry-After', allowed: false });
  });
});
