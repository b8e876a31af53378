import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { registerViaApi, ownerWithListings } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi, submitSignIn } from './harness/users.ts';

/**
 * Issue 38's finishing defects on the app's screens: a visitor's search form
 * says which filters need signing in; what is typed before the islands
 * hydrate is searched for; counts and rents read as a person writes them; the
 * detail page's contact and status boxes; the owner's 30-day chart.
 */
let stack: Stack;
let ownerToken: string;
let tenantToken: string;
let flatId: string;
const contexts: BrowserContext[] = [];
const tenant = newUser('tenant', 'Anjali Iyer');
const owner = {
  ...newUser('homeowner', 'Ravi Deshpande'),
  // Long enough that a phone has to wrap it.
  email: `ravindranath.deshpande.lettings.${Date.now()}@example-properties.co.in`,
};
const FLAT = 'Quiet 1BHK flat in Kothrud';
const HOUSE = 'Family house with a garden in Aundh';

beforeAll(async () => {
  stack = await startStack();
  const listed = await ownerWithListings(stack, owner, [
    { title: FLAT, rent: 22000, area: 'Kothrud', bedrooms: 1 },
    { title: HOUSE, propertyType: 'house', rent: 45000, area: 'Aundh', bedrooms: 3 },
  ]);
  ownerToken = listed.token;
  flatId = listed.ids[0]!;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.stop();
});

const open = async (options: { mobile?: boolean; token?: string } = {}): Promise<Page> => {
  const context = await stack.newContext({ mobile: options.mobile });
  contexts.push(context);
  const page = await context.newPage();
  if (options.token) {
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('token', t), options.token);
  }
  return page;
};

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search properties' });

/** Resolves once the named island has hydrated (Astro drops its `ssr` attribute). */
const islandHydrated = (page: Page, component: string) =>
  page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('astro-island')].some(
        (island) =>
          island.getAttribute('component-url')?.includes(name) && !island.hasAttribute('ssr'),
      ),
    component,
  );

/** Holds the island's own script until `release` is called: the page is up, React is not. */
const holdIsland = async (page: Page, component: string) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
};

const publicSearchFor = (page: Page, city: string) =>
  page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname === '/api/properties/public' &&
      new URL(r.url()).searchParams.get('city') === city,
  );

describe("a visitor's search form", () => {
  it('on the home page: Area and rent are off, with a way to sign in that keeps the search', async () => {
    const page = await open();
    await page.goto('/');
    await islandHydrated(page, 'HomeSearch');
    const form = searchForm(page);
    const signIn = form.getByRole('link', { name: 'Sign in to filter by area and rent' });
    // Shown once the island knows no one is signed in (a render after hydration).
    await signIn.waitFor();
    expect(await form.getByLabel('Area').isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Advanced Filters' }).click();
    expect(await form.getByLabel('Min Rent (₹)').isDisabled()).toBe(true);
    expect(await form.getByLabel('Max Rent (₹)').isDisabled()).toBe(true);
    expect(await form.getByLabel('Property Type').isDisabled()).toBe(false);
    expect(await form.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    await form.getByLabel('City').fill('Pune');
    expect(await signIn.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/properties?city=Pune')}`,
    );
    await checkScreen(page, 'home-visitor-search-form');
    await form.getByRole('button', { name: 'Clear Filters' }).click();
    expect(await form.getByLabel('City').inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
  });

  it('on /properties: a shared link with area and rent shows only what applies, and Clear Filters clears that', async () => {
    const page = await open();
    await page.goto('/properties?city=Pune&area=Kothrud&minRent=5000');
    await page.getByText('2 properties found').waitFor();
    const form = searchForm(page);
    expect(await form.getByLabel('City').inputValue()).toBe('Pune');
    expect(await form.getByLabel('Area').isDisabled()).toBe(true);
    expect(await form.getByLabel('Area').inputValue()).toBe('');
    expect(await form.getByLabel('Min Rent (₹)').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Clear Filters' }).click();
    expect(await form.getByLabel('City').inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
  });

  it('signing in from the link comes back to the search, with Area and rent on', async () => {
    await registerViaApi(stack.baseUrl, tenant);
    const page = await open();
    await page.goto('/properties?city=Pune');
    await page.getByText('2 properties found').waitFor();
    await searchForm(page)
      .getByRole('link', { name: 'Sign in to filter by area and rent' })
      .click();
    await page.waitForURL('**/login?redirect=**');
    await islandsHydrated(page);
    await submitSignIn(page, tenant);
    await page.waitForURL((url) => url.pathname === '/properties' && url.search === '?city=Pune');
    await page.getByTestId('property-card').first().waitFor();
    expect(await searchForm(page).getByLabel('Area').isDisabled()).toBe(false);
    expect(await page.getByText('Sign in to filter by area and rent').count()).toBe(0);
  });
});

describe('typing before the page has hydrated', () => {
  it('the home search goes out with what was typed', async () => {
    const page = await open();
    const release = await holdIsland(page, 'HomeSearch');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await searchForm(page).getByLabel('City').fill('Pune');
    expect(
      await page.locator('astro-island[ssr][component-url*="HomeSearch"]').count(),
      'typed while the island was not hydrated',
    ).toBe(1);
    release();
    await islandHydrated(page, 'HomeSearch');
    expect(await searchForm(page).getByLabel('City').inputValue()).toBe('Pune');
    const searched = publicSearchFor(page, 'Pune');
    await searchForm(page).getByRole('button', { name: 'Search Properties' }).click();
    await page.waitForURL((url) => url.pathname === '/properties' && url.search === '?city=Pune');
    await searched;
    await page.getByText('2 properties found').waitFor();
  });

  it("/properties keeps what was typed over the address's own filters", async () => {
    const page = await open();
    const release = await holdIsland(page, 'PropertiesPage');
    await page.goto('/properties?city=Mumbai', { waitUntil: 'domcontentloaded' });
    await searchForm(page).getByLabel('City').fill('Pune');
    expect(await page.locator('astro-island[ssr][component-url*="PropertiesPage"]').count()).toBe(
      1,
    );
    release();
    await islandHydrated(page, 'PropertiesPage');
    await page.getByText('0 properties found').waitFor();
    expect(await searchForm(page).getByLabel('City').inputValue()).toBe('Pune');
    const searched = publicSearchFor(page, 'Pune');
    await searchForm(page).getByRole('button', { name: 'Search Properties' }).click();
    await searched;
    await page.getByText('2 properties found').waitFor();
  });
});

describe('words and counts as a person writes them', () => {
  let page: Page;

  it('a new tenant is welcomed, not welcomed back, and the footer offers no Register', async () => {
    page = await open();
    const newcomer = newUser('tenant', 'Kavya Rao');
    // Waits for 'Welcome, Kavya Rao!' (harness/users.ts).
    await registerThroughUi(page, newcomer);
    tenantToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    await page.getByTestId('stat').filter({ hasText: 'Unread Messages' }).waitFor();
    const footer = page.locator('footer.site-footer');
    expect(await footer.getByRole('link', { name: 'Register' }).isVisible()).toBe(false);
    expect(await footer.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back, Kavya Rao!' }).waitFor();
  });

  it('one property found, the rent per month, one bed and one bath', async () => {
    await page.goto('/properties?city=Pune&propertyType=flat');
    await page.getByText('1 property found').waitFor();
    const card = page.getByTestId('property-card');
    const text = await card.textContent();
    expect(text).toContain('₹22,000/month');
    expect(text).toContain('1 Bed');
    expect(text).not.toContain('1 Beds');
    expect(text).toContain('1 Bath');
    expect(text).not.toContain('1 Baths');
  });

  it('the detail page: one Availability, a first visit told so, the rent per month, one bedroom', async () => {
    await page.goto(`/properties/${flatId}`);
    await page.getByRole('heading', { name: FLAT }).waitFor();
    // The flat has 1 bedroom and 1 bathroom (harness/api.ts).
    expect(await page.locator('.tile').allTextContents()).toEqual(
      expect.arrayContaining(['1Bedroom', '1Bathroom']),
    );
    expect(await page.locator('.status-list dt', { hasText: 'Availability' }).count()).toBe(1);
    expect(await page.getByTestId('views').textContent()).toBe('You are the first to view it');
    expect(await page.locator('main').textContent()).toContain('per month');
    expect(await page.locator('main').textContent()).not.toContain('per monthly');
  });

  it("a visitor's card counts one view as '1 view'", async () => {
    const visitor = await open();
    // The tenant's visit is counted in the API's next flush (about a second).
    await expect
      .poll(
        async () => {
          await visitor.goto('/browse?city=Pune');
          await visitor.locator('#browse-count:not(:empty)').waitFor();
          return visitor
            .locator('.visitor-card', { hasText: FLAT })
            .locator('.card-views')
            .textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/(^|\s)1 view$/);
  });
});

describe('the detail page on a phone', () => {
  it("wraps the owner's email only before the @ or after a dot, and spaces Relisted from the rent history", async () => {
    const page = await open({ mobile: true, token: tenantToken });
    await page.goto(`/properties/${flatId}`);
    const email = page.getByRole('link', { name: /Send Email/ }).locator('.contact-value');
    await email.waitFor();
    // Where each line of the address starts: the characters before which the text moved down.
    const breaks = await email.evaluate((span) => {
      const text = span.textContent ?? '';
      const range = document.createRange();
      const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
      const tops: { char: string; before: string; top: number }[] = [];
      let previous = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const char = node.textContent![i]!;
          tops.push({ char, before: previous, top: range.getBoundingClientRect().top });
          previous = char;
        }
      return {
        text,
        starts: tops.filter((t, i) => i > 0 && t.top > tops[i - 1]!.top + 2),
      };
    });
    expect(breaks.text).toBe(owner.email);
    expect(breaks.starts.length, 'the address needs more than one line at 390 px').toBeGreaterThan(
      0,
    );
    for (const start of breaks.starts)
      expect(start.char === '@' || start.before === '.', JSON.stringify(start)).toBe(true);

    const market = page.getByTestId('rent-market');
    await market.waitFor();
    await checkScreen(page, 'detail-phone-contact-and-status');
    const relisted = await market.locator('dd').last().boundingBox();
    const heading = await market.getByRole('heading', { name: 'Rent history' }).boundingBox();
    expect(heading!.y - (relisted!.y + relisted!.height)).toBeGreaterThanOrEqual(12);
  });
});

describe("the owner's dashboard", () => {
  it('shows 30 days in the chart, each inside the plot, and a listing picker that fits a phone', async () => {
    // The second listing gets a view too, so the owner has two to pick from.
    const houseRes = await fetch(
      `${stack.baseUrl}/api/properties/public?city=Pune&propertyType=house`,
    );
    const { properties } = (await houseRes.json()) as { properties: { _id: string }[] };
    await fetch(`${stack.baseUrl}/api/properties/${properties[0]!._id}`, {
      headers: { authorization: `Bearer ${tenantToken}` },
    });
    const page = await open({ mobile: true, token: ownerToken });
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard');
          await page.getByRole('heading', { name: 'Welcome back, Ravi Deshpande!' }).waitFor();
          await page
            .getByTestId('activity-chart')
            .or(page.getByText('No views yet'))
            .first()
            .waitFor();
          return page.getByLabel('Listing').locator('option').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(2);
    const days = page.getByTestId('chart-day');
    expect(await days.count()).toBe(30);
    const chart = (await page.getByTestId('activity-chart').boundingBox())!;
    const last = (await days.last().boundingBox())!;
    const first = (await days.first().boundingBox())!;
    expect(first.x).toBeGreaterThan(chart.x);
    expect(last.x + last.width).toBeLessThan(chart.x + chart.width);
    expect(await page.getByLabel('Listing').locator('option').first().textContent()).toMatch(
      /\(1 view\)$/,
    );
    const select = (await page.getByLabel('Listing').boundingBox())!;
    const card = (await page
      .locator('section', { has: page.getByTestId('activity-chart') })
      .boundingBox())!;
    expect(select.x + select.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.getByTestId('stat').filter({ hasText: 'Unread Messages' }).waitFor();
    await checkScreen(page, 'dashboard-owner-phone-chart');
  });
});
