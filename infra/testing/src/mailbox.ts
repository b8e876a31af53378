import { inject } from 'vitest';

/** An email as the mail catcher's REST API gives it (the fields tests read). */
export type CaughtMail = {
  id: string;
  subject: string;
  text: string;
  html: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
};

type Summary = Pick<CaughtMail, 'id' | 'to' | 'subject'>;

const isFor = (address: string) => (mail: Summary) =>
  mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

/**
 * Reads what the run's mail catcher caught (maildev's REST API, pushed over
 * its socket.io feed, so nothing polls or sleeps).
 *
 * `next(address)` resolves with the oldest email to `address` this mailbox
 * has not handed out yet, waiting for it to arrive when there is none;
 * `received(address)` lists what arrived so far. Each test addresses its own
 * recipients, so test files running together never read each other's mail.
 */
export const mailbox = (webUrl: string = inject('mailWebUrl')) => {
  const handedOut = new Set<string>();
  const read = async (id: string) => {
    const response = await fetch(`${webUrl}/api/email/${id}`);
    if (!response.ok)
      throw new Error(`mail catcher: GET /api/email/${id} answered ${response.status}`);
    return (await response.json()) as CaughtMail;
  };
  const list = async () => {
    const response = await fetch(`${webUrl}/api/email`);
    if (!response.ok) throw new Error(`mail catcher: GET /api/email answered ${response.status}`);
    return (await response.json()) as Summary[];
  };

  /** maildev's feed: Engine.IO v4 over a WebSocket, the default namespace, `newMail` events. */
  const subscribe = (onMail: (mail: Summary) => void) =>
    new Promise<{ close: () => void }>((resolve, reject) => {
      const socket = new WebSocket(
        `${webUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`,
      );
      const close = () => socket.close();
      socket.onerror = () => reject(new Error('mail catcher: its socket.io feed did not open'));
      socket.onmessage = (message) => {
        const frame = String(message.data);
        if (frame.startsWith('0')) socket.send('40');
        else if (frame === '2') socket.send('3');
        else if (frame.startsWith('40')) resolve({ close });
        else if (frame.startsWith('42')) {
          const [event, payload] = JSON.parse(frame.slice(2)) as [string, Summary];
          if (event === 'newMail') onMail(payload);
        }
      };
    });

  const take = (mail: Summary) => {
    handedOut.add(mail.id);
    return read(mail.id);
  };

  return {
    /** Removes a mail from the catcher: no mailbox hands it out after this. */
    remove: async (id: string) => {
      const response = await fetch(`${webUrl}/api/email/${id}`, { method: 'DELETE' });
      if (!response.ok) throw new Error(`mail catcher: DELETE answered ${response.status}`);
    },

    received: async (address: string) =>
      Promise.all((await list()).filter(isFor(address)).map((m) => read(m.id))),

    /** With `subject`, only a mail with that subject (others stay for later). */
    next: async (address: string, timeoutMs = 30_000, subject?: string): Promise<CaughtMail> => {
      const fresh = (mail: Summary) =>
        isFor(address)(mail) &&
        !handedOut.has(mail.id) &&
        (subject === undefined || mail.subject === subject);
      let arrived: (mail: Summary) => void = () => {};
      const waiting = new Promise<Summary>((resolve) => (arrived = resolve));
      // Subscribed before listing: a mail arriving in between is in one or the other.
      const feed = await subscribe((mail) => fresh(mail) && arrived(mail));
      try {
        const already = (await list()).find(fresh);
        if (already) return await take(already);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no email to ${address} within ${timeoutMs} ms`)),
            timeoutMs,
          );
        });
        try {
          return await take(await Promise.race([waiting, timeout]));
        } finally {
          clearTimeout(timer);
        }
      } finally {
        feed.close();
      }
    },
  };
};

/** The first link in an email's plain-text part that starts with `prefix`. */
export const linkIn = (mail: CaughtMail, prefix: string): string => {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return found;
};

/** The subject of the email with the address verification link (core/src/mail/templates/emailVerification.tsx). */
export const VERIFY_EMAIL_SUBJECT = 'Confirm your email address for Rentals';

/**
 * Confirms a newly registered account's email address the way its owner
 * does: waits for the verification email to `address`, takes the token from
 * its link and sends it as the /verify-email page does (`postToken`, e.g. a
 * POST to /api/auth/verify-email). The email is then removed from the
 * catcher, so a test's own mailbox reads only the mail it waits for.
 * `confirmEmailAt` is this over HTTP; the shared register helpers call it.
 */
export const confirmEmailByLink = async (
  address: string,
  postToken: (token: string) => Promise<number>,
  webUrl?: string,
): Promise<void> => {
  const box = mailbox(webUrl);
  const mail = await box.next(address, 30_000, VERIFY_EMAIL_SUBJECT);
  const word = mail.text.split(/\s+/).find((w) => w.includes('/verify-email?token='));
  const token = word && new URL(word).searchParams.get('token');
  if (!token) throw new Error(`no verification link in:\n${mail.text}`);
  const status = await postToken(token);
  if (status !== 200) throw new Error(`confirming ${address} answered ${status}`);
  await box.remove(mail.id);
};

/** `confirmEmailByLink` against the web process at `base`. */
export const confirmEmailAt = (base: string, address: string, webUrl?: string) =>
  confirmEmailByLink(
    address,
    async (token) =>
      (
        await fetch(`${base}/api/auth/verify-email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        })
      ).status,
    webUrl,
  );
