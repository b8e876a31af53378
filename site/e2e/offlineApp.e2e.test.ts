import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createListingViaApi, registerViaApi, waitForListed } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { controlledPage } from './harness/serviceWorker.ts';
import { jpeg } from './harness/photos.ts';
import { ROOT, startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Issue 43's "useful offline" in Chromium on a phone, with the service worker installed: a
 * tenant's favourites, the listing they viewed (its photo too) and their saved searches open
 * offline from this phone's copies, dated and with their actions off; messages written offline
 * wait in the outbox and reach the owner exactly once, in order, back online; a listing gone
 * meanwhile is never shown from the copy once online.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
let tenantToken: string;
let listingId: string;
let conversationId: string;
const TITLE = 'Airy 2BHK near Kothrud depot';
const SEARCH = 'Flats in Pune under 30k';
const SAVED_COPY = /Saved copy from .+, shown because you're offline: it may be out of date\./;

const api = async <T>(path: string, token: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${stack.baseUrl}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status}`);
  return (await res.json()) as T;
};

type Thread = { messages: { body: string; mine: boolean }[] };

/** The listing's photos, once the server has processed them. */
const photosReady = async () => {
  for (let tries = 0; tries < 100; tries++) {
    const { property } = await api<{ property: { images: unknown[] } }>(
      `/properties/${listingId}`,
      ownerToken,
    );
    if (property.images.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('photos never processed');
};

/** What this phone has kept: the IndexedDB copies' keys. */
const keptCopies = () =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('rentals-offline');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const names = ['lists', 'viewed'].filter((n) => db.objectStoreNames.contains(n));
          if (names.length < 2) return resolve([]);
          const tx = db.transaction(names);
          const keys: string[] = [];
          for (const name of names)
            tx.objectStore(name).getAllKeys().onsuccess = (e) =>
              keys.push(...((e.target as IDBRequest<IDBValidKey[]>).result as string[]));
          tx.oncomplete = () => {
            db.close();
            resolve(keys.sort());
          };
        };
      }),
  );

const screenshot = (name: string) =>
  page.screenshot({ path: join(ROOT, 'artifacts', 'screenshots', `${name}.png`), fullPage: true });

const note = () => page.getByTestId('offline-copy');

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Omkar Owner'));
  tenantToken = await registerViaApi(stack.baseUrl, newUser('tenant', 'Tara Tenant'));
  listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: TITLE,
    rent: 24000,
    area: 'Kothrud',
    photos: [await jpeg('hall.jpg', { r: 60, g: 160, b: 120 })],
  });
  await waitForListed(stack, 'city=Pune', 1);
  await photosReady();
  await api('/saved-searches', tenantToken, {
    method: 'POST',
    body: JSON.stringify({ name: SEARCH, filters: { city: 'Pune' }, alert: 'off' }),
  });
  const started = await api<{ conversation: { id: string } }>('/conversations', tenantToken, {
    method: 'POST',
    body: JSON.stringify({ listingId, body: 'Is it still free?', messageId: randomUUID() }),
  });
  conversationId = started.conversation.id;
  context = await stack.newContext({ mobile: true, enforceCsp: true, serviceWorker: true });
  await context.addInitScript((t) => localStorage.setItem('token', t), tenantToken);
  page = await context.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

describe('the app offline', () => {
  it('keeps favourites, a viewed listing and saved searches while online', async () => {
    await controlledPage(page);

    await page.goto('/properties?city=Pune');
    await islandsHydrated(page);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/favourites/'),
    );
    await page.getByRole('button', { name: `Save ${TITLE} to favourites` }).click();
    expect((await saved).status()).toBeLessThan(300);

    await page.goto('/favourites');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await expect.poll(keptCopies).toContain('favourites');
    await page.goto(`/properties/${listingId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    // The copy is written as the listing shows, beside React's render; a person reads the
    // page for more than the few milliseconds that takes, the test waits for it instead.
    await expect.poll(keptCopies).toContain(listingId);
    await page.goto('/saved-searches');
    await page.getByRole('link', { name: SEARCH }).waitFor();
    await expect.poll(keptCopies).toEqual(['favourites', listingId, 'savedSearches'].sort());
    // The listing's first photo, smallest rendition, is kept for the worker to answer offline.
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('listing-photos')).keys()).length),
      )
      .toBe(1);
    expect(await note().count()).toBe(0);
  });

  it('opens them offline from this phone, dated, with the actions that need a connection off', async () => {
    // Without the browser's HTTP cache, a photo shown offline can only come from the worker.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.setOffline(true);
    await page.goto('/favourites');
    await note().filter({ hasText: SAVED_COPY }).waitFor();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(
      await page.getByRole('button', { name: `Remove ${TITLE} from favourites` }).isDisabled(),
    ).toBe(true);
    await screenshot('app-offline-favourites');

    await page.goto(`/properties/${listingId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await note().filter({ hasText: 'Changes and messages need a connection' }).waitFor();
    const photo = page.locator('.detail-layout img').first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Send Message' }).count()).toBe(0);
    await screenshot('app-offline-listing');

    await page.goto('/saved-searches');
    await note().filter({ hasText: SAVED_COPY }).waitFor();
    await page.getByRole('link', { name: SEARCH }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await context.setOffline(false);
  });

  it('queues messages written offline and delivers each exactly once, in order, back online', async () => {
    await context.setOffline(false);
    await page.goto(`/messages?c=${conversationId}`);
    await islandsHydrated(page);
    await page.getByTestId('message').filter({ hasText: 'Is it still free?' }).waitFor();
    await context.setOffline(true);
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    for (const body of ['Can I visit on Sunday?', 'Around 11 in the morning']) {
      await box.fill(body);
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .getByTestId('message')
        .filter({ hasText: body })
        .filter({ hasText: 'Waiting to send: it goes when you’re back online' })
        .waitFor();
    }
    await screenshot('app-offline-outbox');
    await context.setOffline(false);
    await expect
      .poll(() => page.getByText('Waiting to send', { exact: false }).count(), { timeout: 15_000 })
      .toBe(0);

    const { messages } = await api<Thread>(`/conversations/${conversationId}/messages`, ownerToken);
    expect(messages.map((m) => m.body)).toEqual([
      'Is it still free?',
      'Can I visit on Sunday?',
      'Around 11 in the morning',
    ]);
    // Nothing left to send: reloading sends nothing again.
    await page.reload();
    await page.getByTestId('message').filter({ hasText: 'Around 11 in the morning' }).waitFor();
    const again = await api<Thread>(`/conversations/${conversationId}/messages`, ownerToken);
    expect(again.messages).toHaveLength(3);
    expect(await page.evaluate(() => localStorage.getItem('rentals.outbox'))).toBeNull();
  });

  it('never shows a listing gone meanwhile as available once online, and forgets its copy', async () => {
    await context.setOffline(false);
    await api(`/properties/${listingId}`, ownerToken, { method: 'DELETE' });
    await page.goto(`/properties/${listingId}`);
    await page.getByRole('heading', { name: 'Property Not Found' }).waitFor();
    expect(await note().count()).toBe(0);
    await expect.poll(keptCopies).toEqual(['favourites', 'savedSearches']);
  });

  it('forgets every copy on signing out', async () => {
    await context.setOffline(false);
    await page.goto('/dashboard');
    await islandsHydrated(page);
    await page.locator('#menu-toggle').click();
    await page.locator('#user-button').click();
    await page.locator('#logout-button').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(
      await page.evaluate(async () =>
        (await indexedDB.databases()).map((d) => d.name).includes('rentals-offline'),
      ),
    ).toBe(false);
    expect(await page.evaluate(() => caches.has('listing-photos'))).toBe(false);
  });
});
