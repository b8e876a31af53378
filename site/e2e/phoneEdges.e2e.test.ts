import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createListingViaApi, registerViaApi, waitForListed } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { jpeg } from './harness/photos.ts';
import { ROOT, startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * On a 390 px phone no page's content touches the screen's edge or makes the
 * page scroll sideways: every visible box inside <main> keeps a margin.
 */
let stack: Stack;
let listingId: string;
let ownerToken: string;
let tenantToken: string;
// An address longer than a phone's line (real ones are): the Contact Owner card wraps it.
const owner = {
  ...newUser('homeowner', 'Meera Kulkarni'),
  email: `meera-kulkarni-lettings-viman-nagar-${Date.now().toString(36)}@example.in`,
};
const PHONE_WIDTH = 390;
const MARGIN = 8;

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await registerViaApi(stack.baseUrl, owner);
  tenantToken = await registerViaApi(stack.baseUrl, newUser('tenant'));
  listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: 'Two-bedroom flat with a long title that wraps across the narrow screen of a phone',
    rent: 26000,
    area: 'Viman Nagar',
    coordinates: { latitude: 18.5679, longitude: 73.9143 },
    photos: [await jpeg('front.jpg', { r: 120, g: 140, b: 90 })],
  });
  await waitForListed(stack, 'city=Pune', 1);
});
afterAll(async () => {
  await stack?.stop();
});

/** Boxes inside <main> that reach closer than MARGIN to either edge, and the page's sideways overflow. */
const edges = (page: Page) =>
  page.evaluate(
    ({ width, margin }) => {
      const offenders: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('main *')) {
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        // Full-bleed media and maps may reach the edge; what is visually hidden is clipped anyway.
        if (el.closest('.maplibregl-map, .carousel, .gallery-main, .visually-hidden')) continue;
        // What a reader sees at the edge: text, controls and pictures (a band's background may reach it).
        const hasText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        );
        if (!hasText && !['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'IMG'].includes(el.tagName))
          continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        // The content box: a full-width band may have its background at the edge, not its text.
        const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
        const right =
          box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        if (left < margin - 0.5 || right > width - margin + 0.5)
          offenders.push(
            `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} [${Math.round(box.left)}, ${Math.round(box.right)}]`,
          );
      }
      return {
        overflow: document.documentElement.scrollWidth - width,
        offenders: offenders.slice(0, 5),
      };
    },
    { width: PHONE_WIDTH, margin: MARGIN },
  );

type Target = {
  path: () => string;
  /** The test's name when the path needs the seeded id. */
  name?: string;
  signedIn: boolean;
  /** Signed in as the tenant, not the owner: a listing with its Contact Owner card. */
  asTenant?: boolean;
  ready: (page: Page) => Promise<unknown>;
};

const PAGES: Target[] = [
  {
    path: () => '/',
    signedIn: false,
    // The featured grid hydrates when scrolled into view (client:visible).
    ready: async (p) => {
      await p.locator('footer').scrollIntoViewIfNeeded();
      await p
        .locator('section:has(#featured-heading)')
        .locator('.property-grid, .empty-state')
        .first()
        .waitFor();
    },
  },
  {
    path: () => '/browse',
    signedIn: false,
    ready: (p) => p.getByTestId('public-card').first().waitFor(),
  },
  { path: () => '/login', signedIn: false, ready: (p) => p.getByLabel('Email').waitFor() },
  { path: () => '/register', signedIn: false, ready: (p) => p.getByLabel('Email').waitFor() },
  {
    path: () => '/properties?city=Pune',
    signedIn: true,
    ready: (p) => p.getByTestId('property-card').first().waitFor(),
  },
  {
    name: '/properties/{id}',
    path: () => `/properties/${listingId}`,
    signedIn: true,
    asTenant: true,
    ready: (p) => p.getByRole('heading', { name: 'Contact Owner' }).waitFor(),
  },
  {
    path: () => '/dashboard',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: /Welcome back/ }).waitFor(),
  },
  {
    path: () => '/my-properties',
    signedIn: true,
    ready: (p) => p.getByTestId('owner-card').first().waitFor(),
  },
  {
    path: () => '/add-property',
    signedIn: true,
    ready: (p) => p.getByLabel('Property Title').waitFor(),
  },
  {
    path: () => '/profile',
    signedIn: true,
    ready: (p) => p.getByLabel('Name').first().waitFor(),
  },
];

describe('on a 390 px phone', () => {
  for (const target of PAGES)
    it(`keeps a margin on ${target.name ?? target.path()}`, async () => {
      const context = await stack.newContext({ mobile: true });
      if (target.signedIn)
        await context.addInitScript(
          (t) => localStorage.setItem('token', t),
          target.asTenant ? tenantToken : ownerToken,
        );
      const page = await context.newPage();
      await page.goto(target.path());
      // Islands below the fold hydrate when scrolled to (client:visible): not awaited on public pages.
      if (target.signedIn) await islandsHydrated(page);
      await target.ready(page);
      expect(await edges(page)).toEqual({ overflow: 0, offenders: [] });
      await context.close();
    });
});

describe('the contact bar on the detail page', () => {
  it('is on the first screen of a phone, offers what the owner shows, and each button works', async () => {
    const context = await stack.newContext({ mobile: true });
    await context.addInitScript((t) => localStorage.setItem('token', t), tenantToken);
    const page = await context.newPage();
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    const bar = page.getByRole('region', { name: 'Contact Meera Kulkarni' });
    await bar.waitFor();
    // On the first screen, before any scrolling, at the bottom of it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await bar.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await page.screenshot({
      path: join(ROOT, 'artifacts', 'screenshots', 'detail-contact-bar-390.png'),
    });
    expect(await bar.getByRole('link').count()).toBe(2);
    expect(await bar.getByRole('button').count()).toBe(1);

    // The listing shows the phone and the email: Call dials it (+91), Email writes to the owner about it.
    const call = bar.getByRole('link', { name: /^Call Meera Kulkarni on / });
    expect(await call.getAttribute('href')).toBe(`tel:+91${owner.phone}`);
    const email = bar.getByRole('link', { name: 'Email Meera Kulkarni' });
    expect(await email.getAttribute('href')).toMatch(
      new RegExp(`^mailto:${owner.email.replace(/[.+]/g, '\\$&')}\\?subject=Enquiry`),
    );
    // Message opens the page's message form, in view, with the cursor in it.
    await bar.getByRole('button', { name: 'Message' }).click();
    const field = page.getByLabel('Message to the owner');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    const fieldBox = (await field.boundingBox())!;
    expect(fieldBox.y).toBeGreaterThanOrEqual(0);
    expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(box.y);
    // The bar keeps the page's margins too.
    expect(await edges(page)).toEqual({ overflow: 0, offenders: [] });
    await context.close();
  });

  it('is not shown on a desktop, where the Contact Owner card is beside the listing', async () => {
    const context = await stack.newContext();
    await context.addInitScript((t) => localStorage.setItem('token', t), tenantToken);
    const page = await context.newPage();
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    await page.getByRole('heading', { name: 'Contact Owner' }).waitFor();
    expect(await page.locator('.contact-bar').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: /^Call Owner/ }).isVisible()).toBe(true);
    await context.close();
  });
});
