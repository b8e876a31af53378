import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { HIDDEN_EMAIL, HIDDEN_PHONE } from '@rentals/core/conversations/contactMask';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { CATALOGUES } from '@rentals/core/i18n/catalogues';
import { listingOf } from '@rentals/testing/conversations';
import { freePort } from '@rentals/testing/infra';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { TEST_MAIL_FROM, testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import {
  NOTIFY_AFTER_MS,
  NOTIFY_AT_MOST_EVERY_MS,
  notifyOnce,
  type MessageNotifierOptions,
} from './notifier.ts';

/**
 * Unread messages → email, through the API that writes the messages, the
 * projection that counts them unread and the run's real mail catcher. The
 * notifier and the API share the test clock: moving it is the minutes passing.
 */
type Sent = { conversation: { id: string }; message: { seq: number } };

const SITE = 'http://rentals.test';
const s = testAppWithUsers({}, { readModels: true });
const mail = mailbox();

const notifier = (smtpUrl: string = inject('smtpUrl')): MessageNotifierOptions => ({
  sql: s.t.db.sql,
  mailer: createSmtpMailer({ smtpUrl, from: TEST_MAIL_FROM }),
  siteUrl: SITE,
  clock: s.t.clock,
});
const round = async (options = notifier()) => {
  await s.readModels.caughtUp();
  return notifyOnce(options);
};

const parties = async (listingTitle = 'Airy 1BHK in Koramangala') => {
  const owner = await s.t.registerUser('homeowner', { name: 'Asha Rao' });
  const tenant = await s.t.registerUser('tenant', { name: 'Ravi Kumar' });
  const listingId = await listingOf(s.t, owner.user._id, listingTitle);
  return { owner, tenant, listingId };
};
const start = async (tenant: TestUser, listingId: string, body: string) => {
  const res = await s.t.request<Sent>('POST', '/api/conversations', {
    token: tenant.token,
    json: { listingId, body, messageId: randomUUID() },
  });
  expect(res.status).toBe(201);
  return res.body.conversation.id;
};
const send = async (user: TestUser, id: string, body: string) => {
  const res = await s.t.request<Sent>('POST', `/api/conversations/${id}/messages`, {
    token: user.token,
    json: { body, messageId: randomUUID() },
  });
  expect(res.status).toBe(201);
  return res.body.message.seq;
};

describe('email about a message left unread', () => {
  it('comes once the message has waited a few minutes, with who wrote, an excerpt and a link', async () => {
    const { owner, tenant, listingId } = await parties();
    const id = await start(tenant, listingId, 'Is the flat still free from March?');

    await round();
    expect(await mail.received(owner.email)).toEqual([]);

    s.t.clock.advance(NOTIFY_AFTER_MS);
    await round();
    const email = await mail.next(owner.email);
    expect(email.subject).toBe('New message about Airy 1BHK in Koramangala');
    expect(email.from).toEqual([{ address: 'no-reply@rentals.test', name: 'Rentals' }]);
    expect(email.text).toContain('Hello Asha Rao,');
    expect(email.text).toContain('Ravi Kumar wrote to you about your property');
    expect(email.text).toContain('“Is the flat still free from March?”');
    expect(email.text).not.toContain(CATALOGUES.en['trust.moneyWarning']);
    expect(linkIn(email, `${SITE}/messages`)).toBe(`${SITE}/messages?c=${encodeURIComponent(id)}`);

    await round();
    expect(await mail.received(owner.email)).toHaveLength(1);
    // The tenant, who wrote it, has nothing unread and gets nothing.
    expect(await mail.received(tenant.email)).toEqual([]);
  });

  it('warns, as the thread does, when the message asks for money before a visit', async () => {
    const { owner, tenant, listingId } = await parties('Cosy 2BHK in Indiranagar');
    const id = await start(tenant, listingId, 'Is it still available? I can visit on Sunday.');
    await send(owner, id, 'Yes. Send a token amount of ₹5,000 to asha.rao@okaxis to hold it.');
    s.t.clock.advance(NOTIFY_AFTER_MS);
    await round();
    const email = await mail.next(tenant.email);
    expect(email.text).toContain(CATALOGUES.en['trust.moneyWarning']);
  });

  it('comes at most once an hour per conversation, and only about messages newer than the last email', async () => {
    const { owner, tenant, listingId } = await parties();
    const id = await start(tenant, listingId, 'Hello, is it available?');
    s.t.clock.advance(NOTIFY_AFTER_MS);
    await round();
    await mail.next(owner.email);

    await send(tenant, id, 'Also, are pets allowed?');
    s.t.clock.advance(NOTIFY_AFTER_MS * 2);
    await round();
    expect(await mail.received(owner.email)).toHaveLength(1);

    s.t.clock.advance(NOTIFY_AT_MOST_EVERY_MS);
    await round();
    const second = await mail.next(owner.email);
    expect(second.text).toContain('“Also, are pets allowed?”');
    expect(second.text).toContain('You have 2 unread messages in this conversation.');

    // Still unread an hour later, but nothing new since the last email: no reminder.
    s.t.clock.advance(NOTIFY_AT_MOST_EVERY_MS);
    await round();
    expect(await mail.received(owner.email)).toHaveLength(2);
  });

  it('does not come when the message was read in time, or the recipient blocked the sender', async () => {
    const { owner, tenant, listingId } = await parties();
    const read = await start(tenant, listingId, 'Can I visit on Saturday?');
    const readRes = await s.t.request('POST', `/api/conversations/${read}/read`, {
      token: owner.token,
      json: { upToSeq: 1 },
    });
    expect(readRes.status).toBeLessThan(300);

    const other = await parties('Quiet studio in Indiranagar');
    const blocked = await start(other.tenant, other.listingId, 'Cheap deal, reply fast');
    const blockRes = await s.t.request('POST', `/api/conversations/${blocked}/block`, {
      token: other.owner.token,
    });
    expect(blockRes.status).toBeLessThan(300);

    s.t.clock.advance(NOTIFY_AFTER_MS);
    await round();
    expect(await mail.received(owner.email)).toEqual([]);
    expect(await mail.received(other.owner.email)).toEqual([]);
  });

  it("goes to the tenant too when the owner's reply waits unread", async () => {
    const { owner, tenant, listingId } = await parties('Sunny 2BHK near the metro');
    const id = await start(tenant, listingId, 'Is parking included?');
    await s.t.request('POST', `/api/conversations/${id}/read`, {
      token: owner.token,
      json: { upToSeq: 1 },
    });
    await send(owner, id, 'Yes, one covered slot. Call me on 98765 43210.');
    s.t.clock.advance(NOTIFY_AFTER_MS);
    await round();
    const email = await mail.next(tenant.email);
    expect(email.subject).toBe('New message about Sunny 2BHK near the metro');
    expect(email.text).toContain('Asha Rao replied about');
    // The owner's own number is theirs to give.
    expect(email.text).toContain('Call me on 98765 43210.');
    expect(await mail.received(owner.email)).toEqual([]);
  });

  it("keeps a tenant's phone number and email hidden from the owner who has not replied", async () => {
    const { owner, tenant, listingId } = await parties();
    await start(tenant, listingId, 'Call me on +91 98765 43210 or write to ravi.k@example.in');
    s.t.clock.advance(NOTIFY_AFTER_MS);
    await round();
    const email = await mail.next(owner.email);
    for (const part of [email.text, email.html]) {
      expect(part).not.toContain('98765');
      expect(part).not.toContain('43210');
      expect(part).not.toContain('ravi.k@example.in');
    }
    expect(email.text).toContain(`Call me on ${HIDDEN_PHONE} or write to ${HIDDEN_EMAIL}`);
  });

  it('is sent once when two notifiers (active and standby) run the same round', async () => {
    const { owner, tenant, listingId } = await parties();
    await start(tenant, listingId, 'Is the deposit negotiable?');
    s.t.clock.advance(NOTIFY_AFTER_MS);
    await s.readModels.caughtUp();
    const rounds = await Promise.all([notifyOnce(notifier()), notifyOnce(notifier())]);
    expect(rounds.every((r) => r.failed === 0)).toBe(true);
    await mail.next(owner.email);
    expect(await mail.received(owner.email)).toHaveLength(1);
  });

  it('is tried again next round when the send fails, and not counted as sent', async () => {
    const { owner, tenant, listingId } = await parties();
    await start(tenant, listingId, 'Is the rent inclusive of maintenance?');
    s.t.clock.advance(NOTIFY_AFTER_MS);
    const lines: string[] = [];
    // Nothing listens there: every send fails at once.
    const broken = {
      ...notifier(`smtp://127.0.0.1:${await freePort()}`),
      log: (line: string) => lines.push(line),
    };
    const failed = await round(broken);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(lines).toContain('message notification not sent; trying again next round');
    expect(await mail.received(owner.email)).toEqual([]);

    await round();
    const email = await mail.next(owner.email);
    expect(email.text).toContain('“Is the rent inclusive of maintenance?”');
  });
});
