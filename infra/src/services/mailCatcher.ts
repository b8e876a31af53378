import { MailDev } from 'maildev';

/** A local SMTP server that keeps every email, with a web inbox and a REST API over them. */
export type MailCatcher = {
  /** Where to send: smtp://127.0.0.1:<port> (SMTP_URL of the product's processes). */
  smtpUrl: string;
  /** The web inbox, and its REST API under /api/email. */
  webUrl: string;
  stop: () => Promise<void>;
};

/**
 * maildev on loopback ports, in this process: `npm run dev` runs it as a
 * child of its own (cli/mailCatcher.ts), the tests once per run (globalSetup).
 * Nothing it catches is ever relayed.
 */
export const startMailCatcher = async (ports: {
  smtpPort: number;
  webPort: number;
}): Promise<MailCatcher> => {
  const maildev = new MailDev({
    smtp: ports.smtpPort,
    web: ports.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${ports.smtpPort}`,
    webUrl: `http://127.0.0.1:${ports.webPort}`,
    stop: () => maildev.stop(),
  };
};
