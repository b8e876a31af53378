import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { agreementMessages } from '@rentals/core/agreements/decide';
import { agreementCalls, TERMS } from '@rentals/testing/agreements';
import { testAppWithUsers } from '@rentals/testing/testApp';

/**
 * Rental agreements through the API: the let is a listing_lets row written
 * directly (agreementCalls.letTo says why), the agreement its own stream.
 */
const s = testAppWithUsers({
  owner: { role: 'homeowner', name: 'Asha Rao' },
  tenant: { role: 'tenant', name: 'Ravi Kumar' },
  stranger: 'tenant',
});
const { letTo, get, setTerms, confirm, pdf } = agreementCalls(() => s.t);

const textOf = async (bytes: Uint8Array) => {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

describe('an agreement before the owner sets terms', () => {
  it('suggests the let’s rent, deposit and move-in, 11 months, and checks them', async () => {
    const { letId } = await letTo(s.owner, s.tenant, { rent: 20_000, deposit: 120_000 });
    const res = await get(s.tenant, letId);
    expect(res.status).toBe(200);
    const a = res.body.agreement;
    expect(a).toMatchObject({
      role: 'tenant',
      ownerName: 'Asha Rao',
      tenantName: 'Ravi Kumar',
      termsSet: false,
      ready: false,
      confirmed: { owner: null, tenant: null },
      terms: { rent: 20_000, deposit: 120_000, startDate: '2027-01-01', termMonths: 11 },
    });
    expect(a.checks[0]).toMatchObject({
      id: 'depositAboveLimit',
      level: 'warning',
      section: '11(1)',
    });
    expect(a.checks[0]!.text).toContain('₹1,20,000');
    expect(a.stateNote.link?.url).toBe('https://igr.karnataka.gov.in/');
    expect(a.stateNote.text).toContain('This is not legal advice.');
  });

  it('answers in Hindi when asked', async () => {
    const { letId } = await letTo(s.owner, s.tenant, { city: 'Mumbai' });
    const a = (await get(s.owner, letId, 'hi-IN')).body.agreement;
    expect(a.role).toBe('owner');
    expect(a.stateNote.text).toContain('महाराष्ट्र');
    expect(a.stateNote.text).toContain('यह कानूनी सलाह नहीं है।');
  });
});

describe('setting and confirming terms', () => {
  it('owner sets, both confirm, a change clears both, and the PDF follows the terms', async () => {
    const { letId } = await letTo(s.owner, s.tenant);
    expect((await confirm(s.tenant, letId)).status).toBe(409);
    const set = await setTerms(s.owner, letId);
    expect(set.status).toBe(200);
    expect(set.body.agreement).toMatchObject({ termsSet: true, terms: TERMS });
    expect((await confirm(s.tenant, letId)).body.agreement.confirmed.tenant).not.toBeNull();

    const early = await pdf(s.owner, letId);
    expect(early.status).toBe(409);
    expect((JSON.parse(new TextDecoder().decode(early.bytes)) as { message: string }).message).toBe(
      agreementMessages.notBothConfirmed,
    );

    const both = await confirm(s.owner, letId);
    expect(both.body.agreement.ready).toBe(true);
    const ok = await pdf(s.tenant, letId);
    expect(ok.status).toBe(200);
    expect(ok.type).toBe('application/pdf');
    const text = await textOf(ok.bytes);
    expect(text).toContain('Rent: ₹25,000 a month, due by day 5 of each month.');
    expect(text).toContain('Security deposit: ₹50,000');
    expect(text).toContain('Asha Rao');
    expect(text).toContain('Ravi Kumar');
    expect(text).not.toContain('limits the security deposit for a home');

    // A change of terms: both confirm again before the next download, which warns of the deposit.
    const readBefore = set.body.agreement.termsSetAt!;
    const changed = await setTerms(s.owner, letId, { ...TERMS, deposit: 100_000 });
    expect(changed.body.agreement).toMatchObject({
      ready: false,
      confirmed: { owner: null, tenant: null },
    });
    expect((await pdf(s.tenant, letId)).status).toBe(409);
    // A confirmation of the terms as read before the change is not one of the new terms.
    const stale = await confirm(s.tenant, letId, readBefore);
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { message: string }).message).toBe(
      agreementMessages.termsChanged,
    );
    await confirm(s.tenant, letId);
    await confirm(s.owner, letId);
    const warned = await textOf((await pdf(s.owner, letId)).bytes);
    expect(warned).toContain(
      'limits the security deposit for a home to two months’ rent (₹50,000)',
    );
    const hindi = await pdf(s.owner, letId, 'hi');
    expect(hindi.status).toBe(200);
    expect(await textOf(hindi.bytes)).toContain('₹1,00,000');
  }, 60_000);

  it('sending the same terms again keeps the confirmations', async () => {
    const { letId } = await letTo(s.owner, s.tenant);
    await setTerms(s.owner, letId);
    await confirm(s.tenant, letId);
    const again = await setTerms(s.owner, letId);
    expect(again.body.agreement.confirmed.tenant).not.toBeNull();
  });

  it('refuses terms that break the rules, naming the field', async () => {
    const { letId } = await letTo(s.owner, s.tenant);
    const res = await setTerms(s.owner, letId, { ...TERMS, lockInMonths: 12 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('lockInMonths');
  });
});

describe('who may see and change an agreement', () => {
  it('the tenant cannot set terms; a stranger and a let outside the platform get 404', async () => {
    const { letId } = await letTo(s.owner, s.tenant);
    expect((await setTerms(s.tenant, letId)).status).toBe(403);
    expect((await get(s.stranger, letId)).status).toBe(404);
    expect((await confirm(s.stranger, letId)).status).toBe(404);
    expect((await pdf(s.stranger, letId)).status).toBe(404);
    const outside = await letTo(s.owner, null);
    expect((await get(s.owner, outside.letId)).status).toBe(404);
  });

  it('lists the lets with agreements to both sides', async () => {
    const { letId } = await letTo(s.owner, s.tenant);
    const mine = await s.t.request<{ lets: { letId: string; role: string; withName: string }[] }>(
      'GET',
      '/api/agreements',
      { token: s.tenant.token },
    );
    expect(mine.body.lets).toContainEqual(
      expect.objectContaining({ letId, role: 'tenant', withName: 'Asha Rao' }),
    );
    const theirs = await s.t.request<{ lets: unknown[] }>('GET', '/api/agreements', {
      token: s.stranger.token,
    });
    expect(theirs.body.lets).toEqual([]);
  });
});
