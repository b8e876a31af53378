/**
 * The whole product for an e2e file (the harness's startProduct: its own
 * database on the run's servers, the web and projections processes, the
 * built site), and Debian's Chromium through playwright-core.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '@rentals/testing/browser';
import { createAdminAccount } from '@rentals/testing/adminAccount';
import { startProduct, ROOT, type ProductStack } from '@rentals/testing/product';
import { runServers } from '@rentals/testing/testDatabase';
import { sweepExpiriesAt } from '@rentals/testing/expirySweep';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';

export { ROOT };

export type Stack = {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser profile (own localStorage) with a phone- or desktop-sized window. */
  /** `locale`: the browser's language (its Accept-Language), en-IN unless given. */
  /**
   * `serviceWorker`: let the site's service worker (docs/APP.md) install; off unless asked, since
   * page.route cannot see requests the worker answers (tests that stub a chunk or a tile).
   */
  newContext: (options?: {
    mobile?: boolean;
    enforceCsp?: boolean;
    locale?: string;
    serviceWorker?: boolean;
  }) => Promise<BrowserContext>;
  logs: (options?: { requests?: boolean }) => string;
  /** Resolves when Meilisearch has no queued or running task (index settings and documents applied). */
  waitForSearchIdle: () => Promise<void>;
  /**
   * One expiry sweep at `now` (time is passed into decide: a test picks day 25
   * or day 30), as the projections process runs it, reminders emailed to the
   * mail catcher; resolves once the read side has caught up with it.
   */
  sweepExpiriesAt: (now: Date) => ReturnType<typeof sweepExpiriesAt>;
  /** A new admin account (made as `npm run admin:create` makes one): its email and password. */
  adminAccount: () => Promise<{ email: string; password: string }>;
  /** Signs in a new admin account; resolves with its token. */
  adminToken: () => Promise<string>;
  /** The product's database, for history the API cannot write (events dated months ago). */
  sql: ProductStack['sql'];
  /** Makes these accounts older by `ms` (only accounts older than a day count towards hiding a reported listing). */
  backdateAccounts: (emails: string[], ms: number) => Promise<void>;
  stop: () => Promise<void>;
};

export const startStack = async (
  options: { geo?: boolean; env?: Record<string, string>; pseudo?: boolean } = {},
): Promise<Stack> => {
  const servers = runServers();
  // pseudo: the pseudo-locale site and processes (docs/i18n), for the pseudo crawl.
  const site = options.pseudo ? 'pseudo' : true;
  const product = await startProduct({ servers, site, geo: options.geo });
  let output = '';
  try {
    const baseUrl = await product.startProcesses(options.env);
    const browser = await launchChromium();
    return {
      baseUrl,
      browser,
      newContext: async ({ mobile, enforceCsp, locale = 'en-IN', serviceWorker } = {}) => {
        const context = await browser.newContext({
          baseURL: baseUrl,
          serviceWorkers: serviceWorker ? 'allow' : 'block',
          viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
          locale,
          // Lets the axe-core check inject its script; the app itself runs under the real CSP.
          bypassCSP: !enforceCsp,
        });
        // Failed requests and page errors go into the logs a failing test can print.
        context.on('response', (r) => {
          if (r.status() >= 400)
            output += `[browser] ${r.status()} ${r.request().method()} ${r.url()}\n`;
        });
        context.on('weberror', (e) => (output += `[browser] page error: ${e.error().message}\n`));
        return context;
      },
      logs: (options?: { requests?: boolean }) => product.logs(options) + output,
      waitForSearchIdle: product.waitForSearchIdle,
      sweepExpiriesAt: (now) =>
        sweepExpiriesAt(
          product.sql,
          now,
          {
            mailer: createSmtpMailer({
              smtpUrl: servers.smtpUrl,
              from: 'Rentals <no-reply@rentals.test>',
            }),
            siteUrl: baseUrl,
          },
          product.waitForSearchIdle,
        ),
      adminAccount: () => createAdminAccount(product.sql),
      adminToken: async () => {
        const admin = await createAdminAccount(product.sql);
        const res = await fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(admin),
        });
        if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { token: string }).token;
      },
      sql: product.sql,
      backdateAccounts: async (emails, ms) => {
        await product.sql`UPDATE users SET created_at = created_at - make_interval(secs => ${ms / 1000})
          WHERE email = ANY(${emails}::text[])`;
      },
      stop: async () => {
        if (process.env.E2E_LOGS) console.log(output);
        await browser.close().catch(() => undefined);
        await product.stop();
      },
    };
  } catch (error) {
    await product.stop();
    throw error;
  }
};
