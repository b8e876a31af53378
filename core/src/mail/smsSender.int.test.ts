import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSmtpMailer } from './smtpMailer.ts';
import { mailCatcherSmsSender, smsCatcherAddress } from './smsSender.ts';
import { mailbox } from '@rentals/testing/mailbox';

describe('the development SMS sender', () => {
  const sms = mailCatcherSmsSender(
    createSmtpMailer({ smtpUrl: inject('smtpUrl'), from: 'Rentals <no-reply@rentals.test>' }),
  );

  it('delivers a text to the mail catcher as an email to <phone>@sms.invalid', async () => {
    const phone = `9${String(Date.now()).slice(-9)}`;
    await sms.send({ to: phone, text: 'Your Rentals code is 482913. It works for 10 minutes.' });
    const caught = await mailbox().next(smsCatcherAddress(phone));
    expect(caught.subject).toBe(`SMS to +91 ${phone}`);
    expect(caught.text.trim()).toBe('Your Rentals code is 482913. It works for 10 minutes.');
  });

  it('refuses what no SMS could carry', async () => {
    await expect(sms.send({ to: '12345', text: 'hi' })).rejects.toThrow('10-digit');
    await expect(sms.send({ to: '9876543210', text: 'x'.repeat(161) })).rejects.toThrow('160');
  });
});
