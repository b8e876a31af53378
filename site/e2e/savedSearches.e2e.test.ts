import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { jpeg } from './harness/photos.ts';
import { ROOT, startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Saved searches end to end in Chromium: a tenant saves searches from the
 * search page (with tenancy terms, and from the map with its area); an owner
 * lists a matching home; the tenant's Saved searches page and the header's
 * bell show it arrive live, the email arrives in the mail catcher, and its
 * unsubscribe link works without signing in.
 */
let stack: Stack;
let tenant: Page;
let ownerToken: string;
let tenantToken: string;
const TITLE = 'Sunny flat near Kothrud depot';
const tenantUser = newUser('tenant', 'Sara Searcher');
const mail = mailbox();

beforeAll(async () => {
  // The map view needs the basemap built and the gazetteer loaded.
  stack = await startStack({ geo: true });
  ownerToken = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Om Owner'));
  tenantToken = await registerViaApi(stack.baseUrl, tenantUser);
  tenant = await signedIn(tenantToken);
});

const signedIn = async (token: string, mobile = false) => {
  const context = await stack.newContext({ mobile });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context.newPage();
};
/** Saves the search on screen under `name`; `beforeNaming` checks the open form first. */
const saveThisSearch = async (name: string, alerts: string, beforeNaming?: () => Promise<void>) => {
  await tenant.getByRole('button', { name: 'Save this search' }).click();
  await beforeNaming?.();
  await tenant.getByLabel('Name').fill(name);
  await tenant.getByLabel('Alerts').selectOption(alerts);
  await tenant.getByRole('button', { name: 'Save', exact: true }).click();
  await tenant.getByTestId('search-saved').waitFor();
};
/** The saved search's row on the Saved searches page. */
const savedRow = async (name: string) => {
  await tenant.goto('/saved-searches');
  await islandsHydrated(tenant);
  const row = tenant.getByTestId('saved-search').filter({ hasText: name });
  await row.waitFor();
  return row;
};

afterAll(async () => {
  await stack?.stop();
});

describe('a saved search with alerts', () => {
  it('keeps the tenancy terms of the search, shows them, and opens with them', async () => {
    await tenant.goto('/properties?city=Pune&furnishing=fully-furnished&petsAllowed=true');
    await islandsHydrated(tenant);
    await saveThisSearch('Furnished with pets', 'off');
    const row = await savedRow('Furnished with pets');
    expect(await row.textContent()).toContain('Fully furnished · Pets allowed');
    await row.getByRole('link', { name: 'Furnished with pets' }).click();
    await tenant.waitForURL(/\/properties\?/);
    const url = new URL(tenant.url());
    expect(url.searchParams.get('furnishing')).toBe('fully-furnished');
    expect(url.searchParams.get('petsAllowed')).toBe('true');
  });

  it('saved from the map, it keeps the map area and opens on it', async () => {
    await tenant.goto('/properties?city=Pune');
    await islandsHydrated(tenant);
    await tenant.getByRole('button', { name: 'Map' }).click();
    await tenant.locator('[data-testid="listings-map"][data-zoom]').waitFor({ timeout: 30_000 });
    await saveThisSearch('Pune on the map', 'off', async () => {
      await tenant.getByTestId('saves-map-area').waitFor();
    });
    const row = await savedRow('Pune on the map');
    expect(await row.textContent()).toContain('Map area');
    await row.getByRole('link', { name: 'Pune on the map' }).click();
    await tenant.waitForURL(/view=map/);
    const [west, south, east, north] = new URL(tenant.url()).searchParams
      .get('bbox')!
      .split(',')
      .map(Number) as [number, number, number, number];
    // The map view, on the saved area, and the list narrowed to it.
    const map = tenant.locator('[data-testid="listings-map"][data-zoom]');
    await map.waitFor({ timeout: 30_000 });
    await tenant.getByRole('button', { name: 'Show all areas' }).waitFor();
    await expect
      .poll(async () => {
        const [lat, lng] = ((await map.getAttribute('data-center')) ?? '0,0')
          .split(',')
          .map(Number);
        return lat! >= south && lat! <= north && lng! >= west && lng! <= east;
      })
      .toBe(true);
  });

  it('the tenant saves the search on the search page', async () => {
    await tenant.goto('/properties?city=Pune&propertyType=flat');
    await islandsHydrated(tenant);
    await saveThisSearch('Flats in Pune', 'instant');
  });

  it('the Save this search form fits a phone: the view toggle stays on screen, Save and Cancel apart', async () => {
    const page = await signedIn(tenantToken, true);
    await page.goto('/properties?city=Pune');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const form = page.getByRole('form', { name: 'Save this search' });
    await form.waitFor();
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const save = box('.save-search button[type=submit]');
      const cancel = box('.save-search .link-button');
      const toggle = [...document.querySelectorAll('.segmented button')].map((b) =>
        b.getBoundingClientRect(),
      );
      return {
        toggleRight: Math.max(...toggle.map((b) => b.right)),
        width: window.innerWidth,
        buttonGap: Math.max(cancel.left - save.right, cancel.top - save.bottom),
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    expect(layout.toggleRight).toBeLessThanOrEqual(layout.width);
    expect(layout.buttonGap).toBeGreaterThanOrEqual(6);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    await checkScreen(page, 'save-search-form-phone');
    await page.context().close();
  });

  it('the Saved searches page lists it', async () => {
    await savedRow('Flats in Pune');
  });

  it('the page is laid out as cards with their actions apart, at 1280 and 390 px', async () => {
    for (const mobile of [false, true]) {
      const page = mobile ? await signedIn(tenantToken, true) : tenant;
      await page.goto('/saved-searches');
      await islandsHydrated(page);
      const rows = page.getByTestId('saved-search');
      await rows.nth(2).waitFor();
      const layout = await page.evaluate(() => {
        const list = document.querySelector('.saved-search-list')!;
        const [first, second] = [...list.children].map((c) => c.getBoundingClientRect());
        const buttons = [...list.children[0]!.querySelectorAll('.actions .button')].map((b) =>
          b.getBoundingClientRect(),
        );
        return {
          bullets: getComputedStyle(list).listStyleType,
          cardGap: second!.top - first!.bottom,
          // Beside each other (desktop) or wrapped: apart either way.
          buttonGap: Math.max(
            buttons[1]!.left - buttons[0]!.right,
            buttons[1]!.top - buttons[0]!.bottom,
          ),
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(layout.bullets).toBe('none');
      expect(layout.cardGap).toBeGreaterThanOrEqual(12);
      expect(layout.buttonGap).toBeGreaterThanOrEqual(6);
      expect(layout.overflow).toBeLessThanOrEqual(0);
      await checkScreen(page, `saved-searches-${mobile ? 'phone' : 'desktop'}`);
      if (mobile) await page.context().close();
    }
  });

  it('a matching listing appears on the page live, without a reload', async () => {
    await createListingViaApi(stack.baseUrl, ownerToken, {
      title: TITLE,
      rent: 21000,
      area: 'Kothrud',
      photos: [await jpeg('front.jpg', { r: 120, g: 160, b: 90 })],
    });
    await tenant.getByTestId('alert').filter({ hasText: TITLE }).waitFor();
  });

  it('the header’s bell counts it live, lists it, and marks it read', async () => {
    const count = tenant.getByTestId('bell-count');
    // The read side and the live stream take their time under load: expect.poll's default is 1 s.
    await expect.poll(() => count.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await count.textContent()).toMatch(/^1 unread notification$/);
    await tenant.getByRole('button', { name: 'Notifications' }).click();
    const item = tenant.getByTestId('bell-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain('New match for “Flats in Pune”');
    await tenant.getByRole('button', { name: 'Mark all as read' }).click();
    // Marking read is an event: the count goes once its projection has it and the stream says so.
    await expect.poll(() => count.isVisible(), { timeout: 30_000 }).toBe(false);
  });

  it('the email arrives, and its one-click link unsubscribes without signing in', async () => {
    const email = await mail.next(tenantUser.email);
    expect(email.subject).toBe('1 new property for “Flats in Pune”');
    expect(email.text).toContain(TITLE);
    const link = linkIn(email, `${stack.baseUrl}/api/saved-searches/unsubscribe`);
    // Under the page's own CSP, as a browser opens it: its style is allowed, and applied.
    const visitor = await (await stack.newContext({ enforceCsp: true, mobile: true })).newPage();
    const refused: string[] = [];
    visitor.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await visitor.getByTestId('unsubscribe-result').textContent()).toContain(
      'We will send no more emails for your saved search “Flats in Pune”.',
    );
    const look = await visitor.evaluate(() => ({
      card: getComputedStyle(document.querySelector('.card')!).boxShadow,
      button: getComputedStyle(document.querySelector('.button-primary')!).backgroundColor,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(look.card).not.toBe('none');
    expect(look.button).toBe('rgb(29, 78, 216)');
    expect(look.overflow).toBeLessThanOrEqual(0);
    expect(refused).toEqual([]);
    await visitor.getByRole('link', { name: 'Your saved searches' }).waitFor();
    await visitor.screenshot({ path: join(ROOT, 'artifacts/screenshots/unsubscribed-phone.png') });
    await visitor.context().close();
    await tenant.reload();
    await islandsHydrated(tenant);
    await tenant
      .getByTestId('saved-search')
      .filter({ hasText: 'No alerts' })
      .filter({ hasText: 'Flats in Pune' })
      .waitFor();
  });
});

describe('seeing new matches', () => {
  const HOUSES = 'Houses in Pune';
  const house = async (title: string) =>
    createListingViaApi(stack.baseUrl, ownerToken, {
      title,
      propertyType: 'house',
      rent: 35000,
      area: 'Baner',
      bedrooms: 3,
    });
  const row = () => tenant.getByTestId('saved-search').filter({ hasText: HOUSES });
  const count = () => tenant.getByTestId('bell-count');

  beforeAll(async () => {
    const res = await fetch(`${stack.baseUrl}/api/saved-searches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenantToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: HOUSES,
        filters: { city: 'Pune', propertyType: ['house'] },
        alert: 'daily',
      }),
    });
    expect(res.status).toBe(201);
  });

  it('opening a match from the bell reads it, and its search counts it seen', async () => {
    await tenant.goto('/saved-searches');
    await islandsHydrated(tenant);
    const id = await house('Garden house near Baner hill');
    await row().getByTestId('new-matches').filter({ hasText: '1 new' }).waitFor();
    await expect.poll(() => count().isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await count().textContent()).toMatch(/^1 unread notification/);

    await tenant.getByRole('button', { name: 'Notifications' }).click();
    await tenant
      .getByTestId('bell-item')
      .filter({ hasText: 'Garden house near Baner hill' })
      .getByRole('link')
      .click();
    await tenant.waitForURL(`**/properties/${id}`);
    await islandsHydrated(tenant);
    await tenant.getByRole('heading', { name: 'Garden house near Baner hill' }).waitFor();
    // On the page it opened, the bell has nothing unread, and lists it as read.
    await tenant.getByTestId('bell-count').waitFor({ state: 'attached' });
    await expect.poll(() => count().isVisible(), { timeout: 30_000 }).toBe(false);
    await tenant.getByRole('button', { name: 'Notifications' }).click();
    const item = tenant
      .getByTestId('bell-item')
      .filter({ hasText: 'Garden house near Baner hill' });
    await item.waitFor();
    expect(await item.getAttribute('class')).not.toContain('bell-unread');

    // The opened match reaches the search's count through the alerts projection: a moment later.
    await expect
      .poll(
        async () => {
          await tenant.goto('/saved-searches');
          await islandsHydrated(tenant);
          await row().waitFor();
          return row().getByTestId('new-matches').count();
        },
        { timeout: 30_000 },
      )
      .toBe(0);
  });

  it('opening the search from its page counts its new matches seen', async () => {
    await house('Corner house on Baner road');
    await row().getByTestId('new-matches').filter({ hasText: '1 new' }).waitFor();
    await row().getByRole('link', { name: HOUSES }).click();
    await tenant.waitForURL(/\/properties\?/);
    await tenant.goto('/saved-searches');
    await islandsHydrated(tenant);
    await row().waitFor();
    expect(await row().getByTestId('new-matches').count()).toBe(0);
  });
});
