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

type Summary = Pick<CaughtMail, 'id' | 'to'>;

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
    received: async (address: string) =>
      Promise.all((await list()).filter(isFor(address)).map((m) => read(m.id))),

    next: async (address: string, timeoutMs = 30_000): Promise<CaughtMail> => {
      const fresh = (mail: Summary) => isFor(address)(mail) && !handedOut.has(mail.id);
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
