import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

/** The outcome of the last send: what /api/health shows as `mail`. */
export type MailStatus =
  | { status: 'ok' }
  | { status: 'degraded'; error: string; since: string }
  | { status: 'off'; error: string };

/** A mailer that also says whether mail is going out. */
export type MonitoredMailer = Mailer & { status: () => MailStatus };

export type SmtpMailerOptions = {
  /** smtp://host:port or smtps://user:pass@host:port (SMTP_URL); absent, every send fails and says why. */
  smtpUrl: string | undefined;
  /** The From header (MAIL_FROM), e.g. 'Rentals <no-reply@example.in>'. */
  from: string;
  /** How long one send may take before it counts as failed. */
  timeoutMs?: number;
};

/**
 * Sends through SMTP with nodemailer. A failed send rejects (the caller logs
 * it) and marks the mailer degraded until a later send succeeds, so an
 * operator sees it in /api/health while users never see a 500 for it.
 */
export const createSmtpMailer = (options: SmtpMailerOptions): MonitoredMailer => {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!options.smtpUrl) {
    const error = 'SMTP_URL is not set; no email is sent';
    return {
      status: () => ({ status: 'off', error }),
      send: () => Promise.reject(new Error(error)),
    };
  }
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  let status: MailStatus = { status: 'ok' };
  return {
    status: () => status,
    send: async (message: MailMessage) => {
      try {
        await transport.sendMail({ from: options.from, ...message });
        status = { status: 'ok' };
      } catch (error) {
        const reason = (error as Error).message;
        if (status.status !== 'degraded')
          status = { status: 'degraded', error: reason, since: new Date().toISOString() };
        else status = { ...status, error: reason };
        throw error;
      }
    },
  };
};
