// Security checklist: XSS, in Chromium against the whole product (@rentals/testing/stack:
// the web and projections processes, the built site, the regenerated public pages), under
// the real Content-Security-Policy. An owner puts script into every text a listing and an
// account carry — title, description, area, address, photo captions, their own name, a
// photo's file name — and every page and popup that shows them is opened as a visitor, a
// tenant and the owner. On each: no dialog, no injected element or inline handler, no CSP
// violation, and the payload shown as the text it is.
import { confirmEmailAt } from '@rentals/testing/mailbox';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMapFiles } from '@rentals/api/geo/mapFiles';
import { ensureGeoData } from '../geo/build.ts';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { startStack, type Stack } from '@rentals/testing/stack';
import { call } from './testing/attacker.ts';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';

/** Each payload marks what it would inject with `data-xss`, and calls alert when it runs. */
const PAYLOAD = {
  title: `<img src=x onerror=alert('title') data-xss>"><svg onload=alert(1) data-xss>`,
  description:
    `<script>alert('description')</script> "><img src=x onerror=alert(2) data-xss> ` +
    `'-alert(3)-' </script><script>alert(4)</script> {{constructor.constructor('alert(5)')()}} ` +
    `javascript:alert(6) <a href="javascript:alert(7)" data-xss>link</a>`,
  area: `"><svg onload=alert('area') data-xss>`,
  address: `javascript:alert('address')//<iframe src=javascript:alert(8) data-xss>`,
  caption: `</figcaption><img src=x onerror=alert('caption') data-xss>`,
  name: `<img src=x onerror=alert('name') data-xss>`,
  file: `<img src=x onerror=alert('file') data-xss>.jpg`,
};

/** Polls what the projections process produces on its own schedule (no event to await across processes). */
const until = async (done: () => Promise<boolean>) => {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out:\n${stack.logs({ requests: false })}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** Astro drops an island's `ssr` attribute once React has hydrated it. */
const hydrated = (page: Page) =>
  page.waitForFunction(
    () =>
      (globalThis as unknown as InPage).document.querySelectorAll('astro-island[ssr]').length === 0,
  );

let stack: Stack;
let geoDir: string;
let mapFiles: ReturnType<typeof createMapFiles>;
let ownerToken: string;
let tenantToken: string;
let listingId: string;
const dialogs: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  // The harness's stack has no basemap build; the maps are served from this test's own,
  // by the product's own /maps handler, so the map popups can open.
  geoDir = await mkdtemp(join(tmpdir(), 'xss-geo-'));
  await ensureGeoData(geoDir, { info: () => {} });
  mapFiles = createMapFiles({ dataDir: geoDir });

  const register = async (name: string, role: 'homeowner' | 'tenant') => {
    const email = `${role}-${randomUUID()}@example.in`;
    const res = await call<{ token: string }>(stack.baseUrl, 'POST', '/api/auth/register', {
      json: { name, role, email, password: 'secret-pass-1', phone: '9876543210' },
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    await confirmEmailAt(stack.baseUrl, email);
    return res.body.token;
  };
  ownerToken = await register(PAYLOAD.name, 'homeowner');
  tenantToken = await register('Tara Tenant', 'tenant');
  const photo = await samplePhoto({ width: 640, height: 480, label: 'room' });
  const res = await call<{ property: { _id: string } }>(stack.baseUrl, 'POST', '/api/properties', {
    token: ownerToken,
    form: listingForm(
      {
        ...LISTING_FORM,
        title: PAYLOAD.title,
        description: PAYLOAD.description,
        'location[area]': PAYLOAD.area,
        'location[address]': PAYLOAD.address,
        imageCaptions: JSON.stringify([PAYLOAD.caption]),
      },
      [{ name: 'room.jpg', bytes: photo, type: 'image/jpeg' }],
    ),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  listingId = res.body.property._id;
  // Its photo (with the hostile caption) is processed after the answer; the pages show it once it is.
  await until(async () => {
    const own = await call<{ property: { images: unknown[] } }>(
      stack.baseUrl,
      'GET',
      `/api/properties/${listingId}`,
      { token: ownerToken },
    );
    return own.body.property.images.length === 1;
  });
  await until(async () => {
    const found = await call(stack.baseUrl, 'GET', '/api/properties/public?city=Pune');
    return found.text.includes(listingId);
  });
  await stack.waitForSearchIdle();
  // The projections process publishes the listing's own public page.
  await until(async () => (await fetch(`${stack.baseUrl}/browse/${listingId}`)).status === 200);
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  if (geoDir) await rm(geoDir, { recursive: true, force: true });
});

type Who = 'visitor' | 'tenant' | 'owner';

/** The little of the page's DOM the checks read (this program is typed without the DOM library). */
type InPage = {
  document: {
    querySelectorAll: (selector: string) => ArrayLike<{
      type: string;
      textContent: string | null;
      getAttributeNames: () => string[];
      getAttribute: (name: string) => string | null;
    }>;
    addEventListener: (
      type: 'securitypolicyviolation',
      listener: (e: { violatedDirective: string; blockedURI: string; sample: string }) => void,
    ) => void;
  };
  __violations: string[];
};

/** A browser under the enforced CSP that records dialogs and CSP violations, signed in as `who`. */
const browse = async (who: Who): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await stack.newContext({ enforceCsp: true });
  const token = who === 'tenant' ? tenantToken : who === 'owner' ? ownerToken : undefined;
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  await context.addInitScript(() => {
    const w = globalThis as unknown as InPage;
    w.__violations = [];
    w.document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  await context.route('**/maps/**', async (route) => {
    const request = route.request();
    const answer = mapFiles(
      new Request(request.url(), { method: request.method(), headers: request.headers() }),
    );
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { context, page };
};

/** Nothing ran, nothing was injected, nothing was blocked on this page. */
const expectNoXss = async (page: Page, where: string) => {
  expect(dialogs, where).toEqual([]);
  const found = await page.evaluate(() => {
    const { document, __violations } = globalThis as unknown as InPage;
    const all = (selector: string) => Array.from(document.querySelectorAll(selector));
    return {
      marked: all('[data-xss]').length,
      handlers: all('*').filter((el) => el.getAttributeNames().some((a) => a.startsWith('on')))
        .length,
      // Scripts a browser would run that carry a payload (JSON-LD blocks are data, checked below).
      scripts: all('script').filter(
        (s) =>
          (s.type === '' || /javascript|module/i.test(s.type)) &&
          /alert\(/.test(s.textContent ?? ''),
      ).length,
      // Every JSON-LD block is still one whole JSON value: a title cannot end it early.
      brokenData: all('script[type="application/ld+json"]').filter((s) => {
        try {
          JSON.parse(s.textContent ?? '');
          return false;
        } catch {
          return true;
        }
      }).length,
      javascriptUrls: all('[href],[src]').filter((el) =>
        /^\s*javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? ''),
      ).length,
      violations: __violations,
    };
  });
  expect(found, where).toEqual({
    marked: 0,
    handlers: 0,
    scripts: 0,
    brokenData: 0,
    javascriptUrls: 0,
    violations: [],
  });
};

/** The payload is on the page as text (so the check above looked at a page that shows it). */
// Visible matches only: the payload also sits in hidden places (an SVG chart's <title>, which
// the dashboard may render before its list), and the first match in the document can be one.
const showsText = (page: Page, text: string) =>
  page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();

/** The home page's featured grid, as `who` sees it, shows each text as text and runs nothing. */
const homeShowsThePayloadAsText = async (who: 'visitor' | 'tenant', texts: string[]) => {
  const { context, page } = await browse(who);
  await page.goto('/');
  for (const text of texts) await showsText(page, text);
  await expectNoXss(page, `home (${who})`);
  await context.close();
};
/** Opens the first marker's popup: it shows `text` (the payload, as text) and runs nothing. */
const openPopupWithoutXss = async (page: Page, where: string, text: string) => {
  await page.locator('.map-marker').first().click({ timeout: 60_000 });
  const popup = page.locator('.maplibregl-popup');
  await popup.waitFor();
  await expectNoXss(page, where);
  expect(await popup.textContent()).toContain(text);
};

describe('pages a visitor sees', () => {
  it('home: the public featured grid', async () => {
    await homeShowsThePayloadAsText('visitor', [PAYLOAD.title, PAYLOAD.name]);
  });

  it('/browse: the grid and the map popup', async () => {
    const { context, page } = await browse('visitor');
    await page.goto('/browse');
    await page.locator('#browse-count:not(:empty)').waitFor();
    await showsText(page, PAYLOAD.title);
    await expectNoXss(page, '/browse grid');
    await page.getByRole('button', { name: /Map/ }).click();
    await openPopupWithoutXss(page, '/browse map popup', PAYLOAD.title);
    await context.close();
  });

  it('the pre-rendered public pages: the listing’s own and its city’s', async () => {
    const { context, page } = await browse('visitor');
    for (const path of [`/browse/${listingId}`, '/browse/cities/pune', '/browse/cities']) {
      await page.goto(path);
      if (path !== '/browse/cities') {
        await showsText(page, PAYLOAD.title);
        // The payload also sits in the page's JSON-LD, as data (expectNoXss parses each block).
        const data = await page.locator('script[type="application/ld+json"]').allTextContents();
        expect(data.join('')).toContain('alert(');
      }
      await expectNoXss(page, path);
    }
    await context.close();
  });
});

describe('pages a tenant sees', () => {
  it('home: the signed-in featured grid', async () => {
    await homeShowsThePayloadAsText('tenant', [PAYLOAD.title]);
  });

  it('/properties: the grid and the map popup', async () => {
    const { context, page } = await browse('tenant');
    await page.goto('/properties');
    await showsText(page, PAYLOAD.title);
    await showsText(page, PAYLOAD.area);
    await expectNoXss(page, '/properties grid');
    await page.getByRole('button', { name: 'Map' }).click();
    await openPopupWithoutXss(page, '/properties map popup', PAYLOAD.area);
    await context.close();
  });

  it('/properties/{id}: the detail, its address line, gallery captions and full-screen viewer', async () => {
    const { context, page } = await browse('tenant');
    await page.goto(`/properties/${listingId}`);
    await hydrated(page);
    await showsText(page, PAYLOAD.title);
    await showsText(page, PAYLOAD.address);
    await showsText(page, PAYLOAD.caption);
    await showsText(page, PAYLOAD.name);
    expect(await page.locator('body').textContent()).toContain(
      PAYLOAD.description.replace(/\s+/g, ' ').slice(0, 60),
    );
    await expectNoXss(page, 'detail');
    await page.getByRole('button', { name: 'Open full-screen photo viewer' }).click();
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor();
    await expectNoXss(page, 'detail photo viewer');
    await context.close();
  });
});

describe('pages the owner sees', () => {
  it('/dashboard: the welcome line with their name and the recent properties', async () => {
    const { context, page } = await browse('owner');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${PAYLOAD.name}!` }).waitFor();
    await showsText(page, PAYLOAD.title);
    expect(await page.locator('#user-name').textContent()).toBe(PAYLOAD.name);
    await expectNoXss(page, '/dashboard');
    await context.close();
  });

  it('/my-properties: the cards and the delete dialog quoting the title', async () => {
    const { context, page } = await browse('owner');
    await page.goto('/my-properties');
    await showsText(page, PAYLOAD.title);
    await expectNoXss(page, '/my-properties');
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Property' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`"${PAYLOAD.title}"`);
    await expectNoXss(page, 'delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('/edit-property/{id}: the form holds the payloads as values, and a photo with a hostile name is refused as text', async () => {
    const { context, page } = await browse('owner');
    await page.goto(`/edit-property/${listingId}`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Edit Property' }).waitFor();
    await expect.poll(() => page.locator('input[name=title]').inputValue()).toBe(PAYLOAD.title);
    expect(await page.locator('textarea[name=description]').inputValue()).toBe(PAYLOAD.description);
    await expectNoXss(page, '/edit-property');

    // Not an image, named as markup: the server's message comes back and is shown as text.
    await page.locator('input[type=file]').setInputFiles({
      name: PAYLOAD.file,
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html><script>alert(9)</script></html>'),
    });
    await page.getByRole('button', { name: 'Update Property' }).click();
    const errors = page.getByRole('alert').filter({ hasText: 'There were errors' });
    await errors.waitFor();
    expect(await errors.textContent()).toContain(
      `${PAYLOAD.file} - Invalid file type. Only JPEG, PNG, and WebP are allowed.`,
    );
    await expectNoXss(page, '/edit-property upload error');
    await context.close();
  });
});
