import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mailbox } from '@rentals/testing/mailbox';
import { CATALOGUES } from '@rentals/core/i18n/catalogues';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { jpeg } from './harness/photos.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Contact by message, end to end in Chromium: a tenant writes to an owner
 * from the listing; the owner, on another page, sees the unread badge change
 * without a reload, reads (contacts hidden until replying) and replies; the
 * tenant sees the reply arrive live. A visitor gets none of it.
 */
let stack: Stack;
let ownerContext: BrowserContext;
let tenantContext: BrowserContext;
let owner: Page;
let tenant: Page;
let listingId: string;
let secondListingId: string;
let secondTenantToken: string;
const TITLE = 'Quiet 2BHK next to Aundh park';
const ownerUser = newUser('homeowner', 'Omkar Owner');
const mail = mailbox();

/** A signed-in browser profile: the token where the site keeps it. */
const signedIn = async (token: string) => {
  const context = await stack.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context;
};

/** The badge on the account button: visible on every page (the one beside Messages is in its menu). */
const badge = (page: Page) => page.locator('#user-button [data-unread-badge]');

beforeAll(async () => {
  // An unread message is emailed after 2 s here instead of 5 minutes, and the
  // limits are low enough for a test to reach (the flow below stays under them).
  stack = await startStack({
    env: {
      MESSAGE_NOTIFY_DELAY_SECONDS: '2',
      CONVERSATION_STARTS_PER_DAY: '1',
      MESSAGES_PER_MINUTE: '3',
    },
  });
  const ownerToken = await registerViaApi(stack.baseUrl, ownerUser);
  const tenantToken = await registerViaApi(stack.baseUrl, newUser('tenant', 'Tara Tenant'));
  listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: TITLE,
    rent: 28000,
    area: 'Aundh',
    photos: [await jpeg('hall.jpg', { r: 90, g: 140, b: 200 })],
  });
  secondListingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: 'Bright 1BHK in Baner',
    rent: 19000,
    area: 'Baner',
    bedrooms: 1,
    photos: [await jpeg('room.jpg', { r: 200, g: 150, b: 90 })],
  });
  secondTenantToken = await registerViaApi(stack.baseUrl, newUser('tenant', 'Sunil Sender'));
  ownerContext = await signedIn(ownerToken);
  tenantContext = await signedIn(tenantToken);
  owner = await ownerContext.newPage();
  tenant = await tenantContext.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

describe('a tenant and an owner talk about a listing', () => {
  it('the owner, on the dashboard, starts with no unread badge', async () => {
    await owner.goto('/dashboard');
    await islandsHydrated(owner);
    await owner.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await badge(owner).isHidden()).toBe(true);
  });

  it('the tenant messages the owner from the listing and lands in the conversation', async () => {
    await tenant.goto(`/properties/${listingId}`);
    await islandsHydrated(tenant);
    await tenant.getByRole('heading', { name: TITLE }).waitFor();
    await tenant.getByRole('button', { name: 'Send Message' }).click();
    await checkScreen(tenant, 'send-message');
    await tenant.getByLabel('Message to the owner').fill('Is it available? Call me on 98765 43210');
    await tenant.getByRole('button', { name: 'Send Message' }).click();
    await tenant.waitForURL('**/messages?c=*');
    await tenant.getByTestId('thread-listing-title').filter({ hasText: TITLE }).waitFor();
    await tenant
      .getByTestId('message')
      .filter({ hasText: 'Is it available? Call me on 98765 43210' })
      .waitFor();
  });

  it('the owner’s badge shows the unread message without a reload', async () => {
    await badge(owner).filter({ hasText: '1' }).waitFor();
    expect(await owner.getByRole('heading', { name: /Welcome back/ }).isVisible()).toBe(true);
  });

  it('the owner, not reading it, gets one email about it, with the phone number still hidden', async () => {
    const email = await mail.next(ownerUser.email);
    expect(email.subject).toBe(`New message about ${TITLE}`);
    expect(email.text).toContain('Tara Tenant');
    expect(email.text).not.toContain('98765 43210');
    expect(email.text).toContain('/messages?c=');
  });

  it('the owner reads it with the phone number hidden, replies, and the badge clears', async () => {
    await owner.locator('#user-button').click();
    await owner.locator('#nav-messages').click();
    await owner.waitForURL('**/messages');
    await islandsHydrated(owner);
    await owner.getByTestId('inbox-item').filter({ hasText: 'Tara Tenant' }).click();
    const first = owner.getByTestId('message').first();
    await first.filter({ hasText: '[phone number hidden until you reply]' }).waitFor();
    expect(await first.textContent()).not.toContain('98765 43210');
    await badge(owner).waitFor({ state: 'hidden' });
    await checkScreen(owner, 'messages-thread');

    await owner
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Yes, it is. Come on Saturday.');
    await owner.getByRole('button', { name: 'Send' }).click();
    await owner
      .getByTestId('message')
      .filter({ hasText: 'Yes, it is. Come on Saturday.' })
      .waitFor();
    // Replying shows the tenant's contact details.
    await first.filter({ hasText: '98765 43210' }).waitFor();
  });

  it('the tenant sees the reply arrive live', async () => {
    const reply = tenant
      .getByTestId('message')
      .filter({ hasText: 'Yes, it is. Come on Saturday.' });
    await reply.waitFor();
    expect(await reply.getByTestId('money-warning').count()).toBe(0);
  });

  it('a message asking for a token before the visit carries the warning for the tenant', async () => {
    const ask = 'To hold it for you, pay a token amount of ₹5,000 on GPay today.';
    await owner.getByRole('textbox', { name: 'Message', exact: true }).fill(ask);
    await owner.getByRole('button', { name: 'Send' }).click();
    const received = tenant.getByTestId('message').filter({ hasText: ask });
    await received.waitFor();
    expect(await received.getByTestId('money-warning').textContent()).toBe(
      CATALOGUES.en['trust.moneyWarning'],
    );
    // The sender is not warned about their own words.
    const sent = owner.getByTestId('message').filter({ hasText: ask });
    await sent.filter({ hasNotText: 'Sending' }).waitFor();
    expect(await sent.getByTestId('money-warning').count()).toBe(0);
  });

  it('a message that fails to send is tried again under one key, says so, and goes through on Retry', async () => {
    // The network fails every try of the first send; the client tries again by itself first.
    let failing = true;
    const keys: (string | null)[] = [];
    await tenant.route('**/api/conversations/*/messages', async (route) => {
      if (route.request().method() === 'POST') {
        keys.push(await route.request().headerValue('idempotency-key'));
        if (failing) return route.abort('failed');
      }
      return route.continue();
    });
    await tenant.getByRole('textbox', { name: 'Message', exact: true }).fill('See you then!');
    await tenant.getByRole('button', { name: 'Send' }).click();
    const bubble = tenant.getByTestId('message').filter({ hasText: 'See you then!' });
    await bubble.filter({ hasText: 'Not sent' }).waitFor();
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,}$/);
    failing = false;
    await bubble.getByRole('button', { name: 'Retry' }).click();
    await bubble.filter({ hasNotText: 'Not sent' }).filter({ hasNotText: 'Sending' }).waitFor();
    await owner.getByTestId('message').filter({ hasText: 'See you then!' }).waitFor();
    expect(await tenant.getByTestId('message').filter({ hasText: 'See you then!' }).count()).toBe(
      1,
    );
    // Retry is the same message, under the same key.
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it('the owner’s My Properties shows the enquiry', async () => {
    await owner.goto('/my-properties');
    await islandsHydrated(owner);
    await owner.getByTestId('enquiries').filter({ hasText: '1 enquiry' }).waitFor();
  });
});

describe('the limits, as a tenant meets them', () => {
  let page: Page;
  let context: BrowserContext;
  const composer = () => page.getByRole('textbox', { name: 'Message', exact: true });
  const send = async (text: string) => {
    await composer().fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    return page.getByTestId('message').filter({ hasText: text });
  };
  afterAll(async () => {
    await context?.close();
  });

  it('messages past the per-minute limit are not sent, and say when to try again', async () => {
    context = await signedIn(secondTenantToken);
    page = await context.newPage();
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByLabel('Message to the owner').fill('Hello, I would like to visit.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL('**/messages?c=*');
    // The first message counted; two more fit in the minute (limit 3).
    for (const text of ['Is parking included?', 'And is there a lift?'])
      await (
        await send(text)
      )
        .filter({ hasNotText: 'Sending' })
        .filter({ hasNotText: 'Not sent' })
        .waitFor();
    const refused = await send('And pets?');
    await refused
      .filter({
        hasText:
          /Not sent: You are sending messages too fast \(at most 3 a minute\)\. Try again in \d+ (second|minute)s?\./,
      })
      .waitFor();
    expect(await refused.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    // Nothing refused reached the owner.
    await owner.goto('/messages');
    await islandsHydrated(owner);
    await owner.getByTestId('inbox-item').filter({ hasText: 'Sunil Sender' }).click();
    await owner.getByTestId('message').filter({ hasText: 'And is there a lift?' }).waitFor();
    expect(await owner.getByTestId('message').filter({ hasText: 'And pets?' }).count()).toBe(0);
  });

  it('a second new conversation the same day is refused with the limit’s message', async () => {
    await page.goto(`/properties/${secondListingId}`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: /^You can start at most 1 new conversation a day\. Try again in \d+ hours?\.$/,
      })
      .waitFor();
    expect(page.url()).toContain(`/properties/${secondListingId}`);
  });

  it('once the owner blocks the tenant, the tenant can no longer write', async () => {
    await owner.getByRole('button', { name: 'Block' }).click();
    await owner.getByRole('button', { name: 'Unblock' }).waitFor();
    await page.goto('/messages');
    await islandsHydrated(page);
    await page.getByTestId('inbox-item').filter({ hasText: 'Quiet 2BHK' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'You can no longer send messages in this conversation.' })
      .waitFor();
    expect(await composer().count()).toBe(0);
  });
});

describe('on a phone', () => {
  it('shows one column: the inbox, then the thread with a way back', async () => {
    const context = await stack.newContext({ mobile: true });
    const cookies = await tenantContext.storageState();
    const token = cookies.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'token');
    await context.addInitScript((t) => localStorage.setItem('token', t), token!.value);
    const phone = await context.newPage();
    await phone.goto('/messages');
    await islandsHydrated(phone);
    await phone.getByTestId('inbox-item').first().click();
    await phone.getByTestId('thread-listing-title').waitFor();
    expect(await phone.getByTestId('inbox-item').first().isVisible()).toBe(false);
    await phone.getByRole('button', { name: '← Inbox' }).click();
    await phone.getByTestId('inbox-item').first().waitFor();
    expect(await phone.getByTestId('thread-listing-title').count()).toBe(0);
    await context.close();
  });
});

describe('a visitor', () => {
  it('is sent to sign in from /messages and gets 401 from every messaging call', async () => {
    const context = await stack.newContext();
    const page = await context.newPage();
    await page.goto('/messages');
    await page.waitForURL('**/login**');
    for (const path of [
      '/api/conversations',
      '/api/conversations/unread',
      '/api/conversations/stream',
    ])
      expect((await fetch(`${stack.baseUrl}${path}`)).status).toBe(401);
    const start = await fetch(`${stack.baseUrl}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listingId, body: 'hi', messageId: 'visitor-1' }),
    });
    expect(start.status).toBe(401);
    await context.close();
  });
});
