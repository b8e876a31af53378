/**
 * What the page crawls (languageCrawl, pseudoCrawl) open: every page, as each
 * role sees it, with one listing and the people who made it. A crawl reads
 * what it opens in its own way; the pages and the roles are the same.
 */
import { waitForPage } from '@rentals/testing/product';
import type { Page } from 'playwright-core';
import { createListingViaApi, registerViaApi } from './api.ts';
import {
  FILLED_ACTIONS,
  FILLED_PAGES,
  FILLED_WRITTEN,
  fillQueues,
  type Label,
} from './filledQueues.ts';
import type { Stack } from './stack.ts';
import { newUser } from './users.ts';

/** What the people of the crawl wrote: their names, the listing's title and its place. */
export const CRAWL_TITLE = '2 BHK flat near Forum mall';
export const CRAWL_WRITTEN = [
  CRAWL_TITLE,
  'Prakash Rao',
  'Ritu Sharma',
  'Asha Admin',
  'Koramangala',
  'Bengaluru',
];

export type Role = 'visitor' | 'tenant' | 'owner' | 'admin';

export const CRAWL_PAGES: [Role, string][] = [
  ['visitor', '/'],
  ['visitor', '/browse'],
  ['visitor', '/login'],
  ['visitor', '/register'],
  ['visitor', '/forgot-password'],
  ['visitor', '/reset-password'],
  ['visitor', '/verify-email'],
  ['visitor', '/no-such-page'],
  ['visitor', '/offline'],
  ['visitor', '/browse/no-such-listing'],
  ['visitor', '/browse/cities'],
  ['visitor', '/browse/cities/bengaluru'],
  ['visitor', '/browse/{id}'],
  ['tenant', '/'],
  ['tenant', '/properties'],
  ['tenant', '/properties/{id}'],
  ['tenant', '/dashboard'],
  ['tenant', '/favourites'],
  ['tenant', '/saved-searches'],
  ['tenant', '/messages'],
  ['tenant', '/profile'],
  ['owner', '/dashboard'],
  ['owner', '/my-properties'],
  ['owner', '/add-property'],
  ['owner', '/edit-property/{id}'],
  ['admin', '/admin'],
  ['admin', '/admin/reports'],
  ['admin', '/admin/verify'],
  ['admin', '/admin/brokers'],
  ['admin', '/admin/duplicates'],
  ['admin', '/admin/too-cheap'],
];

export type Crawl = {
  tokens: Record<Exclude<Role, 'visitor'>, string>;
  listingId: string;
};

/** An owner with one listing in Koramangala, a tenant and an admin, searchable once this resolves. */
export const crawlFixtures = async (stack: Stack): Promise<Crawl> => {
  const owner = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Prakash Rao'));
  const tenant = await registerViaApi(stack.baseUrl, newUser('tenant', 'Ritu Sharma'));
  const admin = await stack.adminToken();
  const listingId = await createListingViaApi(stack.baseUrl, owner, {
    title: CRAWL_TITLE,
    city: 'Bengaluru',
    area: 'Koramangala',
    rent: 24_000,
  });
  await stack.waitForSearchIdle();
  // The listing's pre-rendered page (in every language), written by the projections process.
  await waitForPage(`${stack.baseUrl}/browse/${listingId}`, (body) => body.includes(CRAWL_TITLE));
  return { tokens: { owner, tenant, admin }, listingId };
};

/** Opens a page as the role (a phone-sized window when `mobile`), once its islands and lists are in. */
export const openAs = async (
  stack: Stack,
  crawl: Crawl,
  role: Role,
  path: string,
  { mobile = false }: { mobile?: boolean } = {},
): Promise<Page> => {
  const context = await stack.newContext({ mobile });
  if (role !== 'visitor')
    await context.addInitScript((t) => localStorage.setItem('token', t), crawl.tokens[role]);
  const page = await context.newPage();
  await page.goto(path.replace('{id}', crawl.listingId));
  // Islands that hydrate when seen (client:visible) stay unhydrated below the fold: their text is there.
  await page
    .waitForFunction(
      () => document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0,
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await settled(page);
  return page;
};

/** Lists and cards load after hydration (live streams keep the network busy, so not 'networkidle'). */
export const settled = (page: Page) =>
  page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll<HTMLElement>('.spinner, [aria-busy="true"]')].some(
          (el) => el.offsetParent !== null,
        ),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);

/** A crawl with the admin's queues filled and a conversation (harness/filledQueues.ts). */
export type FilledCrawl = Crawl & { conversationId: string };

/** Every page with its people and listing, and the pages and texts only filled data has. */
export const FILLED_CRAWL_PAGES: [Role, string][] = [...CRAWL_PAGES, ...FILLED_PAGES];
/** The longest first: '12 Koramangala Main Road' goes whole, before 'Koramangala' alone. */
export const FILLED_CRAWL_WRITTEN = [...CRAWL_WRITTEN, ...FILLED_WRITTEN].sort(
  (a, b) => b.length - a.length,
);

/** The crawl's people and listing, then the queues filled through the API (the stack started with FILLED_STACK_ENV). */
export const filledCrawlFixtures = async (stack: Stack): Promise<FilledCrawl> => {
  const crawl = await crawlFixtures(stack);
  const { conversationId } = await fillQueues(stack, { ...crawl, title: CRAWL_TITLE });
  return { ...crawl, conversationId };
};

/** Opens a page of FILLED_CRAWL_PAGES, and brings a filled page to its second state (a history opened). */
export const openFilled = async (
  stack: Stack,
  crawl: FilledCrawl,
  role: Role,
  path: string,
  { prefix = '', label, mobile = false }: { prefix?: string; label: Label; mobile?: boolean },
): Promise<Page> => {
  const at = `${prefix}${path.replace('{conversation}', crawl.conversationId)}`;
  const page = await openAs(stack, crawl, role, at, { mobile });
  const then = FILLED_ACTIONS[path];
  if (then) {
    await then(page, label);
    await settled(page);
  }
  return page;
};
