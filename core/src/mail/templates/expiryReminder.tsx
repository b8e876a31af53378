import { Link } from '@react-email/components';
import type { ReactNode } from 'react';
import { ActionAndLink, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';
import { richNodes } from '../../i18n/rich.tsx';

export type ExpiryReminderEmail = {
  /** The owner's language. */
  locale: Locale;
  /** The owner's name. */
  name: string;
  /** Null when the listing's details are gone from the read model: 'your property'. */
  listingTitle: string | null;
  /** The day it expires unless confirmed, as the owner reads it in their language (e.g. '29 Nov 2026'). */
  expiresOn: string;
  /** The one-click confirm link: no sign-in, works once. */
  confirmLink: string;
  /** My Properties, to edit, delist or confirm there. */
  manageLink: string;
};

const titleOf = ({ locale, listingTitle }: ExpiryReminderEmail) =>
  listingTitle ?? translatorFor(locale).t('email.common.yourProperty');

const ExpiryReminder = (props: ExpiryReminderEmail) => {
  const { locale } = props;
  const { t, rich } = translatorFor(locale);
  const title = titleOf(props);
  return (
    <EmailLayout
      locale={locale}
      preview={t('email.expiry.preview', { title, date: props.expiresOn })}
      heading={t('email.expiry.heading')}
      footer={t('email.expiry.footer')}
    >
      <Greeting name={props.name} locale={locale} />
      <Paragraph>
        {richNodes(
          rich<ReactNode>('email.expiry.body', {
            title,
            date: props.expiresOn,
            b: (chunks) => <strong>{chunks}</strong>,
          }),
        )}
      </Paragraph>
      <ActionAndLink href={props.confirmLink} label={t('email.expiry.action')} locale={locale} />
      <Paragraph>
        {richNodes(
          rich<ReactNode>('email.expiry.delist', {
            link: (chunks) => <Link href={props.manageLink}>{chunks}</Link>,
          }),
        )}
      </Paragraph>
    </EmailLayout>
  );
};

/** The day-25 reminder of a listing's expiry (projections/src/listingExpiry/reminder.ts sends it). */
export const expiryReminderEmail = (props: ExpiryReminderEmail) =>
  renderEmail(
    translatorFor(props.locale).t('email.expiry.subject', { title: titleOf(props) }),
    <ExpiryReminder {...props} />,
  );
