/**
 * Outgoing SMS as the product would see it (issue 41: phone verification).
 * No SMS gateway is reachable from here, so the only implementation is the
 * development one below: each text goes to the mail catcher as an email to
 * `<phone>@sms.invalid` (`.invalid` never resolves: RFC 2606), where a
 * developer or a test reads it like any email. A gateway (MSG91, Gupshup,
 * Twilio …) would implement `SmsSender` beside it. Nothing sends SMS yet:
 * see docs/TRUST.md, 'Phone numbers'.
 */
import type { Mailer } from './mailer.ts';

export type SmsMessage = {
  /** Ten digits, as accounts store phone numbers (the +91 is implied). */
  to: string;
  /** At most one SMS segment: 160 GSM-7 characters. */
  text: string;
};

export type SmsSender = { send: (message: SmsMessage) => Promise<void> };

export const SMS_MAX_LENGTH = 160;

/** The catcher's address for a phone's texts. */
export const smsCatcherAddress = (phone: string) => `${phone}@sms.invalid`;

/** The development SmsSender: every text as an email to the local mail catcher. */
export const mailCatcherSmsSender = (mailer: Mailer): SmsSender => ({
  send: async ({ to, text }) => {
    if (!/^[0-9]{10}$/.test(to)) throw new Error('An SMS goes to a 10-digit phone number');
    if (text.length > SMS_MAX_LENGTH)
      throw new Error(`An SMS is at most ${SMS_MAX_LENGTH} characters`);
    await mailer.send({ to: smsCatcherAddress(to), subject: `SMS to +91 ${to}`, text, html: '' });
  },
});
