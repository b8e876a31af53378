import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailbox, VERIFY_EMAIL_SUBJECT, type CaughtMail } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi, type ListingSeed } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { startStack, ROOT, type Stack } from './harness/stack.ts';
import { newUser, type TestUser } from './harness/users.ts';

/**
 * Every link in every email works (issue 38): each template in
 * core/src/mail/templates is sent by the running product as it sends it in
 * use (a reset asked for, a message left unread, a review decided, a saved
 * search matched, a listing reminded on day 25), caught by the mail catcher,
 * and every address in it is opened in Chromium by its recipient: it must
 * answer 200 on this site and show what the link promises (the listing, its
 * form, the conversation, …). The templates are read from their folder: a
 * new template without a case here fails.
 */
let stack: Stack;
const mail = mailbox();
const DAY = 24 * 60 * 60_000;
/** Listing titles by id, for the pages that must show them. */
const titles = new Map<string, string>();

/** An email of a template, with the recipient's token (null: opened signed out). */
type Sent = { email: CaughtMail; token: string | null };

/** Each person registers from an address of their own: the file registers more than one address may in an hour. */
let registered = 0;
const user = async (role: TestUser['role'], name: string) => {
  const person = newUser(role, name);
  registered += 1;
  return { ...person, token: await registerViaApi(stack.baseUrl, person, `10.0.9.${registered}`) };
};

const listing = async (token: string, seed: Omit<ListingSeed, 'propertyType' | 'bedrooms'>) => {
  const id = await createListingViaApi(stack.baseUrl, token, {
    ...seed,
  });
  titles.set(id, seed.title);
  return id;
};

const post = async (path: string, token: string | null, body: unknown) => {
  const res = await fetch(`${stack.baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
};

/** The next email to `address` with this subject (others to the address are passed over). */
const emailWith = async (address: string, subject: string): Promise<CaughtMail> => {
  for (;;) {
    const email = await mail.next(address, 90_000);
    if (email.subject === subject) return email;
  }
};

/** How each template is sent in use; the cases are checked against the templates folder. */
const send: Record<string, () => Promise<Sent[]>> = {
  async visit() {
    const owner = await user('homeowner', 'Vikram Visits');
    const tenant = await user('tenant', 'Vani Visitor');
    const title = 'Bright 1BHK near Deccan Gymkhana';
    const id = await listing(owner.token, { title, rent: 18000, city: 'Pune', area: 'Deccan' });
    const hours = await fetch(`${stack.baseUrl}/api/visit-times/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        windows: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '23:30' }],
      }),
    });
    const { slots } = (await hours.json()) as { slots: { start: string }[] };
    const started = await post('/conversations', tenant.token, {
      listingId: id,
      body: 'When can I see it?',
      messageId: crypto.randomUUID(),
    });
    const conversationId = (JSON.parse(started.body) as { conversation: { id: string } })
      .conversation.id;
    expect(
      (await post('/visits', tenant.token, { conversationId, start: slots[0]?.start })).status,
    ).toBe(201);
    const booked = async (address: string) => {
      for (;;) {
        const email = await mail.next(address, 90_000);
        if (email.subject.startsWith(`Visit booked: ${title}`)) return email;
      }
    };
    return [
      { email: await booked(owner.email), token: owner.token },
      { email: await booked(tenant.email), token: tenant.token },
    ];
  },
  async expiryReminder() {
    const owner = await user('homeowner', 'Esha Expiring');
    await listing(owner.token, {
      title: 'Airy 2BHK off Gangapur Road',
      rent: 15000,
      city: 'Nashik',
      area: 'Gangapur',
    });
    // Day 25 once the expiry schedule has the listing (its projection records it a moment later):
    // a sweep that finds nothing due records nothing, so it is simply asked again.
    const day25 = new Date(Date.now() + 25 * DAY + 60_000);
    await expect
      .poll(async () => (await stack.sweepExpiriesAt(day25)).reminded, { timeout: 30_000 })
      .toBe(1);
    const email = await emailWith(owner.email, 'Is Airy 2BHK off Gangapur Road still available?');
    return [{ email, token: owner.token }];
  },

  async newMessage() {
    const owner = await user('homeowner', 'Mohan Messaged');
    const tenant = await user('tenant', 'Tina Writer');
    const id = await listing(owner.token, {
      title: 'Calm 2BHK in Aundh',
      rent: 26000,
      city: 'Pune',
      area: 'Aundh',
    });
    const started = await post('/conversations', tenant.token, {
      listingId: id,
      body: 'Is it still available from next month?',
      messageId: 'first-question',
    });
    expect(started.status, started.body).toBe(201);
    const email = await emailWith(owner.email, 'New message about Calm 2BHK in Aundh');
    return [{ email, token: owner.token }];
  },

  async emailVerification() {
    // Registered without the harness (which confirms the address itself): the link is opened signed out.
    const person = newUser('tenant', 'Vani Verifying');
    const registered = await post('/auth/register', null, person);
    expect(registered.status, registered.body).toBe(201);
    return [{ email: await emailWith(person.email, VERIFY_EMAIL_SUBJECT), token: null }];
  },

  async passwordReset() {
    const forgetful = await user('tenant', 'Farah Forgetful');
    const asked = await post('/auth/forgot-password', null, { email: forgetful.email });
    expect(asked.status, asked.body).toBe(200);
    return [
      { email: await emailWith(forgetful.email, 'Reset your Rentals password'), token: null },
    ];
  },

  async reviewDecision() {
    const owner = await user('homeowner', 'Raj Reviewed');
    const reporter = await user('tenant', 'Rita Reporter');
    const admin = await stack.adminToken();
    const toFix = await listing(owner.token, {
      title: 'Wrong photos 1BHK in Baner',
      rent: 17000,
      city: 'Pune',
      area: 'Baner',
    });
    const toRemove = await listing(owner.token, {
      title: 'Duplicate 1BHK in Baner',
      rent: 17500,
      city: 'Pune',
      area: 'Baner',
    });
    const decide = async (listingId: string, action: string) => {
      const reported = await post('/reports', reporter.token, {
        listingId,
        reason: 'Fake or scam',
      });
      expect(reported.status, reported.body).toBe(201);
      // The review needs the report in the queue, which its projection records a moment later.
      await expect
        .poll(
          async () =>
            (
              await post(`/reports/listings/${listingId}/review`, admin, {
                action,
                reason: 'The photos are of another flat',
              })
            ).status,
          { timeout: 30_000 },
        )
        .toBe(200);
    };
    await decide(toFix, 'askOwnerToFix');
    const fix = await emailWith(owner.email, 'Please correct your listing on Rentals');
    await decide(toRemove, 'delist');
    const removed = await emailWith(owner.email, 'Your listing was removed from Rentals');
    return [fix, removed].map((email) => ({ email, token: owner.token }));
  },

  async savedSearchAlert() {
    const searcher = await user('tenant', 'Sameer Searcher');
    const owner = await user('homeowner', 'Omkar Lister');
    const saved = await post('/saved-searches', searcher.token, {
      name: 'Flats in Thane',
      filters: { city: 'Thane', propertyType: ['flat'] },
      alert: 'instant',
    });
    expect(saved.status, saved.body).toBe(201);
    await listing(owner.token, {
      title: 'Lake-facing 2BHK in Thane',
      rent: 24000,
      city: 'Thane',
      area: 'Kolshet',
    });
    const email = await emailWith(searcher.email, '1 new property for “Flats in Thane”');
    return [{ email, token: searcher.token }];
  },
};

/** The distinct addresses of an email's links (its HTML), with `&amp;` read as `&`. */
const hrefsOf = (email: CaughtMail) => [
  ...new Set(
    [...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')),
  ),
];

/** What the page a link opens must show, by the path it names; a link to anywhere else fails. */
const showsWhatItPromises = async (page: Page, url: URL) => {
  const path = url.pathname;
  const id = path.split('/')[2] ?? '';
  if (path.startsWith('/api/saved-searches/unsubscribe'))
    return page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
  if (path.startsWith('/api/listing-confirmations/'))
    return page.getByRole('heading', { name: 'Still available' }).waitFor();
  await islandsHydrated(page);
  if (/^\/properties\/[^/]+$/.test(path))
    return page.getByRole('heading', { level: 1, name: titles.get(id) }).waitFor();
  if (/^\/edit-property\/[^/]+$/.test(path))
    return page.getByRole('button', { name: 'Update Property' }).waitFor();
  if (path === '/my-properties')
    return page.getByRole('heading', { name: 'My Properties' }).waitFor();
  if (path === '/saved-searches') return page.getByTestId('saved-search').first().waitFor();
  if (path === '/verify-email')
    return page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
  if (path === '/reset-password')
    return page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  if (path === '/messages' && url.searchParams.has('c'))
    return page.getByTestId('thread-listing-title').waitFor();
  throw new Error(`no expectation for a link to ${url.href}: describe what it should show`);
};

const TEMPLATES = readdirSync(join(ROOT, 'core/src/mail/templates'))
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => file.replace(/\.tsx$/, ''))
  .sort();

beforeAll(async () => {
  // An unread message is emailed after 2 s here instead of 5 minutes.
  stack = await startStack({ env: { MESSAGE_NOTIFY_DELAY_SECONDS: '2', TRUST_PROXY_HOPS: '1' } });
});
afterAll(async () => {
  await stack?.stop();
});

describe('every link in every email', () => {
  it('finds the templates folder', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(5);
  });

  for (const template of TEMPLATES)
    it(`${template}: every link opens its page on this site`, async () => {
      const sending = send[template];
      if (!sending) throw new Error(`no case sends the ${template} template: add one to \`send\``);
      for (const { email, token } of await sending()) {
        const hrefs = hrefsOf(email);
        expect(hrefs.length, email.subject).toBeGreaterThan(0);
        // The plain-text part carries the same addresses (a full stop after one ends the sentence).
        for (const inText of email.text.match(/https?:\/\/[^\s\]>)"]+/g) ?? [])
          expect(hrefs, `${email.subject} (text part)`).toContain(inText.replace(/[.,;:!?]+$/, ''));
        for (const href of hrefs) {
          expect(href.startsWith(`${stack.baseUrl}/`), `${email.subject}: ${href}`).toBe(true);
          const context = await stack.newContext();
          if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
          const page = await context.newPage();
          const response = await page.goto(href);
          expect(response?.status(), `${email.subject}: ${href}`).toBe(200);
          await showsWhatItPromises(page, new URL(page.url()));
          await context.close();
        }
      }
    });
});
