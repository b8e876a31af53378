import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { savedSearchStreamId } from '@rentals/core/savedSearches/events';

import { appendListingEvents, listingCreated, PLACES } from '@rentals/testing/listingFixtures';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { TEST_MAIL_FROM, testAppWithUsers } from '@rentals/testing/testApp';
import {
  DAILY_EVERY_MS,
  INSTANT_EVERY_MS,
  mailAlertsOnce,
  queueAnnouncements,
  type AlertMailerOptions,
} from './alertMailer.ts';

/**
 * Saved-search alerts → email, through the API that saves the search, the
 * matching projection and the run's real mail catcher; the mailer and the
 * API share the test clock, so moving it is the minutes passing.
 */
const SITE = 'http://rentals.test';
const s = testAppWithUsers({}, { readModels: true });
const mail = mailbox();

const mailer = (): AlertMailerOptions => ({
  sql: s.t.db.sql,
  mailer: createSmtpMailer({ smtpUrl: inject('smtpUrl'), from: TEST_MAIL_FROM }),
  siteUrl: SITE,
  secret: s.t.deps.jwtSecret,
  clock: s.t.clock,
});
const post = async (id: string, title: string) => {
  await appendListingEvents(s.t.deps.eventStore, id, [
    listingCreated(id, {
      at: s.t.clock().toISOString(),
      fields: { location: PLACES.adyar, title },
    }),
  ]);
  await s.readModels.caughtUp();
};

/** A new tenant who saved a search of Chennai through the API, as the matcher has it. */
const tenantSaving = async (name: string, alert: 'instant' | 'daily') => {
  const tenant = await s.t.registerUser('tenant');
  const saved = await s.t.request<{ savedSearch: { id: string } }>('POST', '/api/saved-searches', {
    token: tenant.token,
    json: { name, filters: { city: 'Chennai' }, alert },
  });
  expect(saved.status).toBe(201);
  await s.readModels.caughtUp();
  return { tenant, searchId: saved.body.savedSearch.id };
};

describe('saved-search alert emails', () => {
  it('instant: one email per 15 minutes, collating what matched meanwhile; one-click unsubscribe', async () => {
    const { tenant } = await tenantSaving('Adyar homes', 'instant');

    await post('mail-1', 'Sea-facing flat in Adyar');
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 1, failed: 0 });
    const first = await mail.next(tenant.email);
    expect(first.subject).toBe('1 new property for “Adyar homes”');
    expect(first.text).toContain('Sea-facing flat in Adyar');
    expect(first.text).toContain(`${SITE}/properties/mail-1`);

    await post('mail-2', 'Quiet house near the beach');
    await post('mail-3', 'Garden flat by the river');
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 0, failed: 0 });
    s.t.clock.advance(INSTANT_EVERY_MS);
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 1, failed: 0 });
    const second = await mail.next(tenant.email);
    expect(second.subject).toBe('2 new properties for “Adyar homes”');
    expect(second.text).not.toContain('Sea-facing flat in Adyar');
    expect(second.text).toContain('Garden flat by the river');

    const link = linkIn(second, `${SITE}/api/saved-searches/unsubscribe`);
    const path = link.slice(SITE.length);
    const forged = path.replace(/t=[^&]+/, 't=AAAA');
    expect((await s.t.request('GET', forged)).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const res = await s.t.request<string>('GET', path);
      expect(res.status).toBe(200);
      expect(res.body).toContain('Adyar homes');
    }
    const { events } = await s.t.deps.eventStore.readStream(savedSearchStreamId(tenant.user._id));
    expect(events.filter((e) => e.type === 'SavedSearchUnsubscribed')).toHaveLength(1);
    await s.readModels.caughtUp();

    await post('mail-4', 'One more flat in Adyar');
    s.t.clock.advance(INSTANT_EVERY_MS);
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 0, failed: 0 });
  });

  it('daily: one digest a day; each announcement read once; a deleted search leaves the queue', async () => {
    const { tenant, searchId } = await tenantSaving('Adyar digest', 'daily');
    const queued = async () => {
      const [row] = await s.t.db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM alert_mail_queue q
        JOIN saved_search_filters s USING (search_no) WHERE s.search_id = ${searchId}`;
      return row!.n;
    };

    await post('digest-1', 'Corner flat in Adyar');
    // One listing event's announcement, read into the queue once (a round reads nothing twice).
    expect(await queueAnnouncements(mailer())).toBe(1);
    expect(await queueAnnouncements(mailer())).toBe(0);
    expect(await queued()).toBe(1);
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 1, failed: 0 });
    expect((await mail.next(tenant.email)).text).toContain('Corner flat in Adyar');
    expect(await queued()).toBe(0);

    await post('digest-2', 'Terrace flat in Adyar');
    s.t.clock.advance(INSTANT_EVERY_MS);
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 0, failed: 0 });
    s.t.clock.advance(DAILY_EVERY_MS);
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 1, failed: 0 });
    const digest = await mail.next(tenant.email);
    expect(digest.subject).toBe('1 new property for “Adyar digest”');
    expect(digest.text).toContain('Terrace flat in Adyar');
    expect(digest.text).not.toContain('Corner flat in Adyar');

    await post('digest-3', 'Garden house in Adyar');
    expect(await queueAnnouncements(mailer())).toBe(1);
    expect(await queued()).toBe(1);
    const deleted = await s.t.request('DELETE', `/api/saved-searches/${searchId}`, {
      token: tenant.token,
    });
    expect(deleted.status).toBe(200);
    await s.readModels.caughtUp();
    s.t.clock.advance(DAILY_EVERY_MS);
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 0, failed: 0 });
    const [left] = await s.t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM alert_mail_queue q
      WHERE NOT EXISTS (SELECT 1 FROM saved_search_filters s WHERE s.search_no = q.search_no)`;
    expect(left!.n).toBe(0);
  });

  it('goes out in the language the tenant chose on their profile, its links working', async () => {
    // Last of the file: its search would match the listings the others post.
    const { tenant } = await tenantSaving('अड्यार के घर', 'instant');
    const chose = await s.t.request<{ user: { language: string } }>('PUT', '/api/auth/profile', {
      token: tenant.token,
      json: { language: 'hi' },
    });
    expect(chose.status).toBe(200);
    expect(chose.body.user.language).toBe('hi');
    const refused = await s.t.request<{ errors: unknown[] }>('PUT', '/api/auth/profile', {
      token: tenant.token,
      json: { language: 'fr' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'language', msg: 'Please choose English, Hindi or Kannada' },
    ]);

    await post('mail-hi-1', 'Sea-facing flat in Adyar');
    expect(await mailAlertsOnce(mailer())).toEqual({ sent: 1, failed: 0 });
    const alert = await mail.next(tenant.email);
    expect(alert.subject).toBe('“अड्यार के घर” के लिए 1 नई प्रॉपर्टी');
    expect(alert.html).toContain('lang="hi"');
    expect(alert.text).toContain('नमस्ते');
    expect(alert.text).toContain('अपनी सेव की गई खोजें देखें');
    expect(alert.text).not.toMatch(/You get this email|Unsubscribe/);
    expect(alert.text).toContain(`${SITE}/properties/mail-hi-1`);
    const unsubscribe = linkIn(alert, `${SITE}/api/saved-searches/unsubscribe`);
    expect((await s.t.request('GET', unsubscribe.slice(SITE.length))).status).toBe(200);
  });
});
