/**
 * Outgoing mail as the product sees it. The SMTP implementation (nodemailer,
 * configured by SMTP_URL and MAIL_FROM) lives beside this type; tests read
 * what was sent from the real mail catcher, never from a fake mailer.
 */
export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text part: every email has one, for clients that show no HTML. */
  text: string;
  html: string;
  /**
   * A calendar invite (nodemailer's icalEvent): sent as the text/calendar part
   * mail clients offer to add to a calendar, and as an .ics attachment.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
};

export type Mailer = { send: (message: MailMessage) => Promise<void> };
