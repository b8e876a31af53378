import { randomUUID } from 'node:crypto';
import type { AgreementDocument } from '@rentals/core/contract/agreement';
import { listingOf } from './conversations.ts';
import type { TestApp, TestUser } from './testApp.ts';

type One = { agreement: AgreementDocument };

/** Terms an owner sets in tests: 11 months from New Year 2027, ₹25,000 rent, two months' deposit. */
export const TERMS = {
  startDate: '2027-01-01',
  termMonths: 11,
  rent: 25_000,
  deposit: 50_000,
  maintenance: 2_000,
  lockInMonths: 6,
  tenantNoticeMonths: 1,
  landlordNoticeMonths: 2,
  rentDueDay: 5,
  annualIncreasePercent: 5,
  houseRules: 'No smoking indoors.\nQuiet after 10 pm.',
};

/**
 * The agreement routes as a test calls them (api/src/agreements), on the
 * file's test app (`app` is read at each call).
 */
export const agreementCalls = (app: () => TestApp) => {
  /**
   * A let of a listing of `owner`'s to `tenant` (null: let outside). The row
   * is written into listing_lets directly: the let's own projection (the
   * `ListingLet` event, issue 44's "let recorded" part) fills it in the
   * product, and is built beside this; these tests need only the row.
   */
  const letTo = async (
    owner: TestUser,
    tenant: TestUser | null,
    { rent = 25_000, deposit = 50_000, city = 'Bengaluru' } = {},
  ) => {
    const listingId = await listingOf(app(), owner.user._id, 'Airy 1BHK in Koramangala');
    const letId = randomUUID();
    await app().db.sql`
      INSERT INTO listing_lets (let_id, listing_id, owner_id, tenant_id, conversation_id, rent,
        deposit, move_in, let_at, city, city_key, area, area_key, property_type, bedrooms)
      VALUES (${letId}, ${listingId}, ${owner.user._id}, ${tenant?.user._id ?? null},
        ${tenant ? randomUUID() : null}, ${rent}, ${deposit}, '2027-01-01',
        ${app().clock().toISOString()}, ${city}, ${city.toLowerCase()}, 'Koramangala',
        'koramangala', 'flat', 1)`;
    return { letId, listingId };
  };
  const get = (user: TestUser, letId: string, language?: string) =>
    app().request<One>('GET', `/api/agreements/${letId}`, {
      token: user.token,
      headers: language ? { 'accept-language': language } : {},
    });
  const setTerms = (user: TestUser, letId: string, terms: unknown = TERMS) =>
    app().request<One>('PUT', `/api/agreements/${letId}/terms`, { token: user.token, json: terms });
  /** Confirms the terms as the caller reads them now (or as read at `termsSetAt`). */
  const confirm = async (user: TestUser, letId: string, termsSetAt?: string) => {
    const read = termsSetAt ?? (await get(user, letId)).body.agreement?.termsSetAt;
    return app().request<One>('POST', `/api/agreements/${letId}/confirm`, {
      token: user.token,
      json: { termsSetAt: read ?? new Date(0).toISOString() },
    });
  };
  /** The PDF download: its status, content type and bytes (the JSON error when refused). */
  const pdf = async (user: TestUser, letId: string, lang = 'en') => {
    const response = await app().app.handle(
      new Request(`http://localhost/api/agreements/${letId}/agreement.pdf?lang=${lang}`, {
        headers: { authorization: `Bearer ${user.token}` },
      }),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), bytes };
  };
  return { letTo, get, setTerms, confirm, pdf };
};
