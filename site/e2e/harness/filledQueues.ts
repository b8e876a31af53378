/**
 * The admin's queues filled, and a conversation with messages, made through
 * the API for a page crawl (languageCrawl): a reported listing (its history
 * and its reports' weights), a duplicate pair, a listing much below similar
 * homes, an account with a broker signal and a role question asked, decisions
 * taken, and a message each way about the crawl's listing. The stack must
 * check rents every second (FILLED_STACK_ENV) for the too-cheap queue to fill.
 */
import type { MessageId } from '@rentals/core/i18n/catalogues';
import type { Page } from 'playwright-core';
import { createListingViaApi, registerViaApi } from './api.ts';
import type { Stack } from './stack.ts';
import { newUser } from './users.ts';

/** The rent check every second, not every minute: the too-cheap queue fills while the crawl waits. */
export const FILLED_STACK_ENV = { RENT_CHECK_SECONDS: '1' };

/** Six flats in Aundh, one at a third of the others' rent: the too-cheap queue's finding. */
const AUNDH = [20_000, 21_000, 22_000, 23_000, 24_000, 7_000];
const aundhTitle = (i: number) => `Aundh flat number ${i + 1}`;
/** One homeowner's flats at four addresses: a broker signal. */
const AREAS = ['Baner', 'Wakad', 'Kothrud', 'Hadapsar'];
const areaTitle = (area: string) => `Family flat in ${area}`;
/** A conversation about the listing, one message each way (one asks for a token: the warning). */
const QUESTION = 'Is the flat free from June?';
const ANSWER = 'Yes. Please pay a token of 5000 by UPI before the visit.';
const REPORTERS = ['Anil Verma', 'Bina Das', 'Chetan Rao'];

/**
 * What the people of the filled queues wrote: titles, names, messages and the
 * address the harness writes for a listing (createListingViaApi), whole
 * before its area alone.
 */
export const FILLED_WRITTEN = [
  ...AUNDH.map((_, i) => aundhTitle(i)),
  ...AREAS.map(areaTitle),
  QUESTION,
  ANSWER,
  'Meera Iyer',
  'Suresh Kumar',
  'Vikram Shah',
  ...REPORTERS,
  ...['Koramangala', 'Aundh', ...AREAS].map((area) => `12 ${area} Main Road`),
  'Aundh',
  ...AREAS,
  'Pune',
];

type Tokens = { owner: string; tenant: string; admin: string };
/** The crawl's listing (another account lists it again: the duplicate) and its people. */
export type Crawled = { tokens: Tokens; listingId: string; title: string };

/** The API as a test client: JSON in, JSON out, failing loudly. */
const caller =
  (stack: Stack) =>
  async <T>(token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

/** Until `check` holds (a projection or a sweep has caught up), or a clear failure. */
const until = async (stack: Stack, what: string, check: () => Promise<boolean>) => {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`never: ${what}\n${stack.logs({ requests: false })}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** Reports from three new accounts (they weigh nothing, and the history says why) and a rent change. */
const reportListing = async (stack: Stack, c: Crawled) => {
  const call = caller(stack);
  for (const [i, name] of REPORTERS.entries()) {
    const token = await registerViaApi(stack.baseUrl, newUser('tenant', name));
    await call(token, 'POST', '/reports', {
      listingId: c.listingId,
      reason: i === 0 ? 'Already rented' : 'Fake or scam',
    });
  }
  await call(c.tokens.owner, 'PUT', `/properties/${c.listingId}`, { rent: 25_000 });
};

/** The same home listed again by another account; six Aundh flats; one owner at four addresses. */
const listMore = async (stack: Stack, c: Crawled) => {
  const meera = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Meera Iyer'));
  const home = { city: 'Bengaluru', area: 'Koramangala', rent: 24_000 };
  await createListingViaApi(stack.baseUrl, meera, { title: c.title, ...home });
  const suresh = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Suresh Kumar'));
  for (const [i, rent] of AUNDH.entries())
    await createListingViaApi(stack.baseUrl, suresh, { title: aundhTitle(i), rent, area: 'Aundh' });
  const vikram = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Vikram Shah'));
  const ids: string[] = [];
  for (const area of AREAS)
    ids.push(
      await createListingViaApi(stack.baseUrl, vikram, {
        title: areaTitle(area),
        rent: 30_000,
        area,
      }),
    );
  return ids;
};

/** Decisions the console lists, and a role question whose state the broker queue says. */
const decide = async (stack: Stack, c: Crawled, vikramsListing: string) => {
  const call = caller(stack);
  await call(c.tokens.admin, 'POST', '/admin/listings/verify', {
    ids: [vikramsListing],
    verified: true,
  });
  type Brokers = { accounts: { accountId: string; name: string }[] };
  let brokers: Brokers = { accounts: [] };
  await until(stack, 'a broker signal', async () => {
    brokers = await call<Brokers>(c.tokens.admin, 'GET', '/admin/brokers');
    return brokers.accounts.some((a) => a.name === 'Vikram Shah');
  });
  const account = brokers.accounts.find((a) => a.name === 'Vikram Shah')!;
  await call(c.tokens.admin, 'POST', `/admin/brokers/${account.accountId}/decision`, {
    decision: 'askToConfirm',
  });
};

/** A conversation with a message each way; its id. */
const converse = async (stack: Stack, c: Crawled) => {
  const call = caller(stack);
  const started = await call<{ conversation: { id: string } }>(
    c.tokens.tenant,
    'POST',
    '/conversations',
    { listingId: c.listingId, body: QUESTION, messageId: 'crawl-1' },
  );
  const id = started.conversation.id;
  await call(c.tokens.owner, 'POST', `/conversations/${id}/messages`, {
    body: ANSWER,
    messageId: 'crawl-2',
  });
  return id;
};

/** Fills the queues and the conversation; resolves once every queue shows its part. */
export const fillQueues = async (stack: Stack, c: Crawled): Promise<{ conversationId: string }> => {
  await reportListing(stack, c);
  const [vikramsListing] = await listMore(stack, c);
  await decide(stack, c, vikramsListing!);
  const conversationId = await converse(stack, c);
  const call = caller(stack);
  const filled = (path: string) => async () =>
    (await call<{ total: number }>(c.tokens.admin, 'GET', path)).total > 0;
  await until(stack, 'a duplicate pair', filled('/admin/duplicates'));
  await until(stack, 'a listing much below similar homes', filled('/admin/too-cheap'));
  await stack.waitForSearchIdle();
  return { conversationId };
};

/** A text as the page in the crawl's language shows it (Hindi, Kannada, the pseudo-locale). */
export type Label = (id: MessageId) => string;
type Then = (page: Page, label: Label) => Promise<void>;

/** Opens every reported listing's review: its history and its reports' weights. */
const openReviews: Then = async (page, label) => {
  const buttons = page.getByRole('button', { name: label('admin.reports.review') });
  await buttons.first().waitFor();
  for (let n = await buttons.count(); n > 0; n--) await buttons.first().click();
  await page.getByRole('list', { name: label('admin.reports.history') }).waitFor();
};

/** Waits until the page shows what was made for it (a filled queue is read filled). */
const shows =
  (selector: string): Then =>
  async (page) => {
    await page.locator(selector).first().waitFor();
  };

/**
 * What to do on a page once open, so that it is read filled (by path; a
 * conversation's page is `/messages?c={conversation}`).
 */
export const FILLED_ACTIONS: Record<string, Then> = {
  '/messages?c={conversation}': shows('[data-testid="message"]'),
  '/admin': shows('.decision-list li'),
  '/admin/reports': openReviews,
  '/admin/brokers': shows('[data-testid="broker-account"]'),
  '/admin/duplicates': shows('.duplicate-pair'),
  '/admin/too-cheap': shows('[data-testid="too-cheap-row"]'),
};

/** The pages only filled data has: the conversation, as each side sees it. */
export const FILLED_PAGES: ['tenant' | 'owner', string][] = [
  ['tenant', '/messages?c={conversation}'],
  ['owner', '/messages?c={conversation}'],
];
