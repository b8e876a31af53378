import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mailbox, type CaughtMail } from '@rentals/testing/mailbox';
import { inject } from 'vitest';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * From a message to a visit (issue 44), end to end in Chromium: the owner
 * sets visiting times on My Properties; the tenant books one from their
 * conversation; both get the booking by email with a calendar invite; the
 * owner moves it saying why, the tenant sees why and cancels it.
 */
let stack: Stack;
let ownerContext: BrowserContext;
let tenantContext: BrowserContext;
let owner: Page;
let tenant: Page;
let listingId: string;
let conversationId: string;
const TITLE = 'Sunlit 2BHK off FC Road';
const ownerUser = newUser('homeowner', 'Omkar Owner');
const tenantUser = newUser('tenant', 'Tara Tenant');
const mail = mailbox();

const signedIn = async (token: string) => {
  const context = await stack.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context;
};

/** The .ics attached to a caught mail, as the mail catcher serves it. */
const inviteOf = async (caught: CaughtMail) => {
  const files = (caught as CaughtMail & { attachments?: { generatedFileName: string }[] })
    .attachments;
  const name = files?.find((f) => f.generatedFileName.endsWith('.ics'))?.generatedFileName;
  const response = await fetch(`${inject('mailWebUrl')}/api/email/${caught.id}/attachment/${name}`);
  return response.text();
};

const openConversation = async (page: Page) => {
  await page.goto(`/messages?c=${conversationId}`);
  await islandsHydrated(page);
  await page.getByTestId('thread-listing-title').waitFor();
};

beforeAll(async () => {
  stack = await startStack();
  const ownerToken = await registerViaApi(stack.baseUrl, ownerUser);
  const tenantToken = await registerViaApi(stack.baseUrl, tenantUser);
  listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: TITLE,
    rent: 32000,
    area: 'Shivajinagar',
  });
  const started = await fetch(`${stack.baseUrl}/api/conversations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenantToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId, body: 'Can I see it this week?', messageId: randomUUID() }),
  });
  conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
  ownerContext = await signedIn(ownerToken);
  tenantContext = await signedIn(tenantToken);
  owner = await ownerContext.newPage();
  tenant = await tenantContext.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

describe('a tenant and an owner agree a visit', () => {
  it('the owner, in the conversation, is pointed to setting visiting times, and sets them', async () => {
    await openConversation(owner);
    await owner.getByText('Tenants can book a visit once you set visiting times').waitFor();
    await owner.getByRole('link', { name: 'Set visiting times' }).click();
    await owner.waitForURL(/\/my-properties#visits-/);
    await islandsHydrated(owner);
    const hours = owner.getByTestId('visit-hours');
    await hours.getByText('No visiting times yet').waitFor();
    await hours.getByRole('button', { name: 'Add a time' }).click();
    // Every day, so a slot is there whatever day the test runs.
    for (const day of ['Sat', 'Sun']) await hours.getByLabel(day).check();
    await hours.getByLabel('From').selectOption('09:00');
    await hours.getByLabel('To').selectOption('21:00');
    await hours.getByRole('button', { name: 'Save visiting times' }).click();
    await hours.getByText('Saved. Tenants who message you can now book a visit.').waitFor();
    await owner.setViewportSize({ width: 390, height: 844 });
    await checkScreen(owner, 'visit-hours-390');
  });

  it('the tenant books a time from the conversation; both get the booking with an invite', async () => {
    await tenant.setViewportSize({ width: 390, height: 844 });
    await openConversation(tenant);
    await tenant.getByRole('button', { name: 'Book a visit' }).click();
    const chooser = tenant.getByTestId('slot-chooser');
    await chooser.getByText('Times are India time.').waitFor();
    await checkScreen(tenant, 'visit-book-390');
    const first = chooser.getByRole('button', { name: /^Book / }).first();
    const label = (await first.getAttribute('aria-label'))!.replace(/^Book /, '');
    await first.click();
    await tenant
      .getByTestId('visit-status')
      .getByText(/^Visit booked: /)
      .waitFor();

    const toOwner = await mail.next(ownerUser.email, 60_000);
    expect(toOwner.subject).toMatch(new RegExp(`^Visit booked: ${TITLE}, `));
    expect(toOwner.text).toContain(`Tara Tenant booked a visit to ${TITLE}`);
    const invite = await inviteOf(toOwner);
    expect(invite).toMatch(/^BEGIN:VCALENDAR/);
    expect(invite).toContain('METHOD:REQUEST');
    expect(invite).toContain(`SUMMARY:Visit: ${TITLE}`);
    expect((await mail.next(tenantUser.email, 60_000)).subject).toMatch(/^Visit booked: /);
    expect(label).toMatch(/\d/);
  });

  it('the tenant’s dashboard lists the visit with the way back to the conversation', async () => {
    await tenant.goto('/dashboard');
    await islandsHydrated(tenant);
    const card = tenant.getByTestId('upcoming-visits');
    await card.getByText(TITLE).waitFor();
    await card.getByText('with Omkar Owner').waitFor();
    expect(
      await card.getByRole('link', { name: 'Open the conversation' }).getAttribute('href'),
    ).toBe(`/messages?c=${conversationId}`);
  });

  it('the owner’s bell tells of the booking and leads to the conversation', async () => {
    // At a phone's width the bell is in the menu; the desktop header shows it.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto('/dashboard');
    await islandsHydrated(owner);
    // The read side and the live stream take their time under load: expect.poll's default is 1 s.
    await expect
      .poll(() => owner.getByTestId('bell-count').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await owner.getByRole('button', { name: 'Notifications' }).click();
    const item = owner.getByTestId('bell-item').filter({ hasText: `${TITLE}: visit booked for ` });
    await item.getByRole('link').click();
    await owner.waitForURL(`**/messages?c=${conversationId}`);
  });

  it('the owner moves it, saying why; the tenant sees the new time and the reason', async () => {
    await openConversation(owner);
    const panel = owner.getByTestId('visit-panel');
    const before = await panel.getByTestId('visit-status').innerText();
    await panel.getByRole('button', { name: 'Move' }).click();
    await owner.getByLabel('Why? The other side will see this').fill('A meeting runs late');
    // Another day's time: today may have no other free one left, whatever hour the test runs.
    const chooser = owner.getByTestId('slot-chooser');
    await chooser.getByRole('combobox').selectOption({ index: 1 });
    await chooser
      .getByRole('button', { name: /^Move to / })
      .first()
      .click();
    await owner.getByText('You changed it: A meeting runs late').waitFor();
    expect(await owner.getByTestId('visit-status').innerText()).not.toBe(before);
    expect((await mail.next(tenantUser.email, 60_000)).subject).toMatch(/^Visit moved: /);

    await openConversation(tenant);
    await tenant.getByText('Omkar Owner changed it: A meeting runs late').waitFor();
  });

  it('the tenant cancels it with a reason; the owner is told and the calendar event is withdrawn', async () => {
    await tenant.getByRole('button', { name: 'Cancel visit' }).click();
    const confirm = tenant.getByRole('button', { name: 'Cancel the visit' });
    expect(await confirm.isDisabled()).toBe(true);
    await tenant.getByLabel('Why? The other side will see this').fill('Found a place nearer work');
    await confirm.click();
    await tenant
      .getByTestId('visit-status')
      .getByText(/^Visit cancelled: /)
      .waitFor();
    await mail.next(ownerUser.email, 60_000); // the move's email to the owner
    const cancelled = await mail.next(ownerUser.email, 60_000);
    expect(cancelled.subject).toMatch(/^Visit cancelled: /);
    expect(cancelled.text).toContain('Reason given: Found a place nearer work');
    expect(await inviteOf(cancelled)).toContain('METHOD:CANCEL');
    await tenant.getByRole('button', { name: 'Book a visit' }).waitFor();
  });
});
