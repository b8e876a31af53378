import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { MailMessage } from './mailer.ts';

/** An email without its recipient: what a template gives. */
export type EmailContent = Omit<MailMessage, 'to'>;

/** The HTML and the plain-text part of one email from one React Email element. */
export const renderEmail = async (
  subject: string,
  element: ReactElement,
): Promise<EmailContent> => ({
  subject,
  html: await render(element),
  text: await render(element, { plainText: true }),
});
