import { describe, expect, inject, it } from 'vitest';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { mailbox, type CaughtMail } from '@rentals/testing/mailbox';
import { mailVisitsOnce, REMIND_BEFORE_MS } from './mailer.ts';
import { TEST_MAIL_FROM, testAppWithUsers } from '@rentals/testing/testApp';
import { visitCalls } from '@rentals/testing/visits';

/**
 * Visit emails: visits booked and changed through the API, the read model,
 * and the visit mailer sending to the run's real mail catcher. The mailer and
 * the API share the test clock: moving it is the hours passing.
 */
const s = testAppWithUsers({}, { readModels: true });
const mail = mailbox();
const { freeSlots, book, act, parties } = visitCalls(() => s.t);

const mailer = () => ({
  sql: s.t.db.sql,
  mailer: createSmtpMailer({ smtpUrl: inject('smtpUrl'), from: TEST_MAIL_FROM }),
  siteUrl: 'http://rentals.test',
  clock: s.t.clock,
});
const mailRound = async () => {
  await s.readModels.caughtUp();
  return mailVisitsOnce(mailer());
};
/** The invite attached to a caught mail, as the mail catcher serves it. */
const inviteOf = async (caught: CaughtMail) => {
  const files = (caught as CaughtMail & { attachments?: { generatedFileName: string }[] })
    .attachments;
  const name = files?.find((f) => f.generatedFileName.endsWith('.ics'))?.generatedFileName;
  expect(name).toBeDefined();
  const response = await fetch(`${inject('mailWebUrl')}/api/email/${caught.id}/attachment/${name}`);
  return response.text();
};

describe('visit emails', () => {
  it('send both sides the booking, the move and the cancellation once each, with the invite', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    const [first, , later] = await freeSlots(tenant, listingId);
    const { visitId } = (await book(tenant, conversationId, first!)).body.visit;
    expect((await mailRound()).sent).toBe(2);
    expect((await mailRound()).sent).toBe(0);
    const toOwner = await mail.next(owner.email);
    expect(toOwner.subject).toMatch(/^Visit booked: Airy 1BHK in Koramangala, /);
    expect(toOwner.text).toContain('Ravi Kumar booked a visit to Airy 1BHK in Koramangala');
    expect(toOwner.text).toContain(`http://rentals.test/messages?c=${conversationId}`);
    const invite = await inviteOf(toOwner);
    expect(invite).toContain('METHOD:REQUEST');
    expect(invite).toContain(`DTSTART:${first!.replace(/[-:]|\.\d+/g, '')}`);
    expect((await mail.next(tenant.email)).subject).toMatch(/^Visit booked: /);

    await act(tenant, visitId, 'reschedule', { start: later, reason: 'Office late' });
    expect((await mailRound()).sent).toBe(2);
    const movedMail = await mail.next(owner.email);
    expect(movedMail.subject).toMatch(/^Visit moved: /);
    expect(movedMail.text).toContain('Reason given: Office late');
    expect(await inviteOf(movedMail)).toContain('SEQUENCE:1');
    await mail.next(tenant.email);

    await act(owner, visitId, 'cancel', { reason: 'Let to someone else' });
    expect((await mailRound()).sent).toBe(2);
    const cancelMail = await mail.next(tenant.email);
    expect(cancelMail.subject).toMatch(/^Visit cancelled: /);
    expect(cancelMail.text).toContain('Asha Rao cancelled the visit');
    expect(await inviteOf(cancelMail)).toContain('METHOD:CANCEL');
    await mail.next(owner.email);
  });

  it('reminds both sides in the hours before a visit, once', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    const slots = await freeSlots(tenant, listingId);
    // A slot more than the reminder time ahead, so its booking is not itself the reminder.
    const slot = slots.find(
      (start) => Date.parse(start) > s.t.clock().getTime() + REMIND_BEFORE_MS + 3_600_000,
    )!;
    await book(tenant, conversationId, slot);
    await mailRound();
    await mail.next(owner.email);
    await mail.next(tenant.email);
    s.t.clock.advance(Date.parse(slot) - s.t.clock().getTime() - REMIND_BEFORE_MS + 60_000);
    expect((await mailRound()).sent).toBe(2);
    expect((await mailRound()).sent).toBe(0);
    expect((await mail.next(tenant.email)).subject).toMatch(/^Reminder: visit to Airy 1BHK/);
    expect((await mail.next(owner.email)).text).toContain(
      'Ravi Kumar visits Airy 1BHK in Koramangala',
    );
  });
});
