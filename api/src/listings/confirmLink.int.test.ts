import { describe, expect, inject, it } from 'vitest';
import { sweepExpiriesAt } from '@rentals/testing/expirySweep';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { listingForm } from '@rentals/testing/listingForm';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { testAppWithUsers } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { confirmLinkMessages } from './confirmLink.ts';

/** Day 25: the reminder email's one-click link confirms without signing in, once. */
const SITE = 'http://rentals.test';
const LINK = `${SITE}/api/listing-confirmations/`;
const DAY = 24 * 60 * 60_000;

const s = testAppWithUsers({});
const mail = mailbox();

const open = async (url: string) => {
  const response = await s.t.app.handle(new Request(url.replace(SITE, 'http://localhost')));
  return { status: response.status, text: await response.text() };
};

describe('the day-25 reminder email', () => {
  it('arrives with a link that confirms once, without signing in; a second use says so', async () => {
    const owner = await s.t.registerUser('homeowner', { name: 'Ravi Menon' });
    const created = await s.t.request<{ property: PropertyDocument }>('POST', '/api/properties', {
      token: owner.token,
      form: listingForm(),
    });
    const listing = created.body.property;
    const mailer = createSmtpMailer({ smtpUrl: inject('smtpUrl'), from: 'rentals@example.test' });
    const result = await sweepExpiriesAt(s.t.db.sql, new Date(s.t.clock().getTime() + 25 * DAY), {
      mailer,
      siteUrl: SITE,
    });
    expect(result).toMatchObject({ reminded: 1, failures: 0 });

    const received = await mail.next(owner.email);
    expect(received.subject).toBe(`Is ${listing.title} still available?`);
    const link = linkIn(received, LINK);

    const first = await open(link);
    expect(first.status).toBe(200);
    expect(first.text).toContain(confirmLinkMessages.confirmed);
    await catchUpReadModels(s.t.db.sql);
    const after = await s.t.request<{ property: PropertyDocument }>(
      'GET',
      `/api/properties/${listing._id}`,
      { token: owner.token },
    );
    expect(Date.parse(after.body.property.lastConfirmedAt)).toBeGreaterThan(
      Date.parse(listing.lastConfirmedAt),
    );

    const second = await open(link);
    expect(second.status).toBe(409);
    expect(second.text).toContain(confirmLinkMessages.alreadyUsed);
  });

  it('refuses a made-up or malformed link with 404', async () => {
    expect((await open(`${LINK}someid.${'A'.repeat(43)}`)).status).toBe(404);
    expect((await open(`${LINK}nonsense`)).status).toBe(404);
  });
});
