import { describe, expect, it } from 'vitest';
import { fieldMessages } from '@rentals/core/listings/fields';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { testAppWithUsers } from '@rentals/testing/testApp';

/**
 * The app answers a refused listing in the language its client asks for
 * (the site sends its page's language), and in the specification's English
 * otherwise.
 */
type Refusal = { message: string; errors: { path: string; msg: string }[] };

const s = testAppWithUsers({ owner: 'homeowner' });

const publish = (headers: Record<string, string>) => {
  const form = listingForm({ ...LISTING_FORM, title: '' });
  return s.t.request<Refusal>('POST', '/api/properties', { token: s.owner.token, form, headers });
};

describe('a refused listing', () => {
  it('is explained in Hindi to a Hindi page, field by field', async () => {
    const res = await publish({ 'accept-language': 'hi-IN' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('जानकारी सही नहीं है');
    expect(res.body.errors).toContainEqual({ path: 'title', msg: 'शीर्षक ज़रूरी है' });
  });

  it('is explained in Kannada to a Kannada page', async () => {
    const res = await publish({ 'accept-language': 'kn-IN' });
    expect(res.body.errors).toContainEqual({ path: 'title', msg: 'ಶೀರ್ಷಿಕೆ ಅಗತ್ಯ' });
  });

  it('is the specification’s English for an English page and for a client that asks nothing', async () => {
    for (const headers of [{ 'accept-language': 'en-IN' }, {}] as Record<string, string>[]) {
      const res = await publish(headers);
      expect(res.body.message).toBe('Validation failed');
      expect(res.body.errors).toContainEqual({ path: 'title', msg: fieldMessages.titleRequired });
    }
  });
});

describe('a sentence the API answers on success', () => {
  it('is in the language the page asks for, the specification’s English otherwise', async () => {
    const ask = (headers: Record<string, string>) =>
      s.t.request<{ message: string }>('POST', '/api/auth/forgot-password', {
        json: { email: 'nobody@example.com' },
        headers,
      });
    const [english, hindi] = [await ask({}), await ask({ 'accept-language': 'hi-IN' })];
    expect([english.status, hindi.status]).toEqual([200, 200]);
    expect(english.body.message).toBe(
      'If an account exists for that email, we have sent a link to reset your password.',
    );
    expect(hindi.body.message).toMatch(/\p{Script=Devanagari}/u);
  });
});
