import { LOAD_PASSWORD, loadEmail } from '../mix/accounts.ts';

/**
 * Publishing needs a confirmed email address (docs/TRUST.md): before a load
 * run, each load homeowner that publishes (the dashboard's and
 * city-regeneration's) is registered if missing and confirmed the way its
 * owner would, by the link in the verification email, read from the target's
 * mail catcher (MAIL_WEB_URL; the dev stack's is http://localhost:1080).
 */
const PUBLISHING_OWNERS = [1, 2, 3, 4, 5, 6];

type Log = (line: string) => void;
type Caught = { id: string; subject: string; to: { address: string }[] };

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** The token of the newest verification email to `address`, waiting up to 30 s for one. */
const mailedToken = async (mailWebUrl: string, address: string): Promise<string> => {
  for (let tries = 0; tries < 60; tries++) {
    const list = (await (await fetch(`${mailWebUrl}/api/email`)).json()) as Caught[];
    const mail = list
      .filter(
        (m) =>
          m.subject.startsWith('Confirm your email') && m.to.some((t) => t.address === address),
      )
      .at(-1);
    if (mail) {
      const { text } = (await (await fetch(`${mailWebUrl}/api/email/${mail.id}`)).json()) as {
        text: string;
      };
      const link = text.split(/\s+/).find((w) => w.includes('/verify-email?token='));
      const token = link && new URL(link).searchParams.get('token');
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `no verification email to ${address} at ${mailWebUrl}: is MAIL_WEB_URL the target's mail catcher?`,
  );
};

const confirmOne = async (baseUrl: string, mailWebUrl: string, n: number, log: Log) => {
  const email = loadEmail('homeowner', n);
  let signIn = await post(`${baseUrl}/api/auth/login`, { email, password: LOAD_PASSWORD });
  if (signIn.status === 401) {
    const account = {
      name: `Load homeowner ${n}`,
      email,
      password: LOAD_PASSWORD,
      role: 'homeowner',
    };
    await post(`${baseUrl}/api/auth/register`, {
      ...account,
      phone: `982${String(n).padStart(7, '0')}`,
    });
    signIn = await post(`${baseUrl}/api/auth/login`, { email, password: LOAD_PASSWORD });
  }
  const { token, user } = (await signIn.json()) as {
    token: string;
    user: { emailVerified: boolean };
  };
  if (user.emailVerified) return;
  log(`confirming ${email} by its mailed link`);
  // A mail from its registration may be in the catcher already; otherwise ask for one.
  const token0 = await mailedToken(mailWebUrl, email).catch(async () => {
    await post(`${baseUrl}/api/auth/verify-email/resend`, {}, token);
    return mailedToken(mailWebUrl, email);
  });
  const confirmed = await post(`${baseUrl}/api/auth/verify-email`, { token: token0 });
  if (confirmed.status !== 200) throw new Error(`confirming ${email} answered ${confirmed.status}`);
};

export const confirmPublishingOwners = async (baseUrl: string, mailWebUrl: string, log: Log) => {
  for (const n of PUBLISHING_OWNERS) await confirmOne(baseUrl, mailWebUrl, n, log);
};
