// Security checklist: rental agreements (issue 44). Attacks: reading, confirming or downloading
// another let's agreement (IDOR: only the let's owner and tenant, anyone else gets 404, the let's
// existence not revealed), the tenant setting the terms, an owner of another let, a let to someone
// outside the platform, out-of-bounds and malformed terms (NUL, huge text, fractions, negatives),
// a PDF before both confirm, and flooding the event log (rate limit).
import { beforeAll, describe, expect, it } from 'vitest';
import { WRITE_LIMITS } from '@rentals/api/access/writeLimits';
import { agreementCalls, TERMS } from '@rentals/testing/agreements';
import { TEST_CLIENT_IP_HEADER, testAppWithUsers } from '@rentals/testing/testApp';

const s = testAppWithUsers({
  owner: 'homeowner',
  tenant: 'tenant',
  mallory: 'tenant',
  otherOwner: 'homeowner',
});
// The lets are listing_lets rows written directly; the let's projection fills them in the product.
const { letTo, get, setTerms, confirm, pdf } = agreementCalls(() => s.t);

let letId = '';
let otherLet = '';

beforeAll(async () => {
  ({ letId } = await letTo(s.owner, s.tenant));
  ({ letId: otherLet } = await letTo(s.otherOwner, s.mallory));
  expect((await setTerms(s.owner, letId)).status).toBe(200);
});

describe('agreements: another let’s agreement', () => {
  it('is not found by a stranger or the owner of another let, whatever they try', async () => {
    for (const user of [s.mallory, s.otherOwner]) {
      expect((await get(user, letId)).status).toBe(404);
      expect((await setTerms(user, letId)).status).toBe(404);
      expect((await confirm(user, letId)).status).toBe(404);
      expect((await pdf(user, letId)).status).toBe(404);
    }
    // Their own let's agreement is theirs; it does not open this one.
    expect((await get(s.mallory, otherLet)).status).toBe(200);
    const list = await s.t.request('GET', `/api/agreements?userId=${s.tenant.user._id}`, {
      token: s.mallory.token,
    });
    expect(JSON.stringify(list.body)).not.toContain(letId);
  });

  it('an unknown, malformed or outside let is the same 404', async () => {
    const outside = await letTo(s.owner, null);
    for (const id of [outside.letId, 'no-such-let', '..%2F..%2Fetc', 'x'.repeat(300)])
      expect((await get(s.owner, id)).status, id).toBe(404);
  });

  it('is not there for visitors or bad tokens', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await s.t.request('GET', `/api/agreements/${letId}`, { token });
      expect(res.status).toBe(401);
    }
  });
});

describe('agreements: the terms', () => {
  it('cannot be set by the tenant', async () => {
    const res = await setTerms(s.tenant, letId, { ...TERMS, deposit: 0, rent: 1 });
    expect(res.status).toBe(403);
    expect((await get(s.tenant, letId)).body.agreement.terms.rent).toBe(TERMS.rent);
  });

  it('refuse out-of-bounds, malformed and oversized values', async () => {
    const bad = [
      { ...TERMS, rent: -1 },
      { ...TERMS, rent: 0 },
      { ...TERMS, deposit: 1e12 },
      { ...TERMS, termMonths: 1.5 },
      { ...TERMS, termMonths: 0 },
      { ...TERMS, rentDueDay: 31 },
      { ...TERMS, annualIncreasePercent: 0.3 },
      { ...TERMS, tenantNoticeMonths: 99 },
      { ...TERMS, startDate: '2027-13-45' },
      { ...TERMS, startDate: '2027-01-01T00:00:00Z' },
      { ...TERMS, houseRules: 'x'.repeat(2001) },
      { ...TERMS, houseRules: 'No pets\u0000' },
      { ...TERMS, houseRules: undefined },
      'terms',
    ];
    for (const json of bad) {
      const res = await setTerms(s.owner, letId, json);
      expect(res.status, JSON.stringify(json).slice(0, 120)).toBe(400);
    }
    expect((await get(s.owner, letId)).body.agreement.terms).toEqual(TERMS);
  });

  it('take no field the schema does not name (no confirming by writing it)', async () => {
    const forged = {
      ...TERMS,
      confirmed: { owner: 'x', tenant: 'y' },
      ownerId: s.mallory.user._id,
    };
    const res = await setTerms(s.owner, letId, forged);
    expect([200, 400]).toContain(res.status);
    const a = (await get(s.owner, letId)).body.agreement;
    expect(a.ready).toBe(false);
    expect(JSON.stringify(a)).not.toContain(s.mallory.user._id);
  });

  it('give no PDF until both sides confirm the terms as they stand', async () => {
    expect((await pdf(s.owner, letId)).status).toBe(409);
    await confirm(s.tenant, letId);
    expect((await pdf(s.tenant, letId)).status).toBe(409);
    expect((await pdf(s.tenant, letId, '../../etc/passwd')).status).toBe(400);
  });
});

describe('agreements: flooding', () => {
  it('is limited per account, with a 429', async () => {
    const flooder = await s.t.registerUser('homeowner');
    const tenant = await s.t.registerUser('tenant');
    const own = (await letTo(flooder, tenant)).letId;
    const headers = { [TEST_CLIENT_IP_HEADER]: '203.0.113.78' };
    let last = 0;
    for (let i = 0; i <= WRITE_LIMITS.agreement.perSubject; i++) {
      const res = await s.t.request('PUT', `/api/agreements/${own}/terms`, {
        token: flooder.token,
        headers,
        json: { ...TERMS, rent: 20_000 + i },
      });
      last = res.status;
      if (i < WRITE_LIMITS.agreement.perSubject) expect(res.status).toBe(200);
    }
    expect(last).toBe(429);
  });
});
