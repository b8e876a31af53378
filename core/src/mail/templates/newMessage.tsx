import type { ReactNode } from 'react';
import { ActionAndLink, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';
import { richNodes } from '../../i18n/rich.tsx';

export type NewMessageEmail = {
  /** The recipient's language. */
  locale: Locale;
  /** The recipient's name. */
  name: string;
  /** Null when the sender's account is gone: 'Former user'. */
  senderName: string | null;
  /** Null when the listing is gone. */
  listingTitle: string | null;
  /** Whether the recipient owns the listing (an enquiry) or asked about it (a reply). */
  toOwner: boolean;
  /** The newest unread message, shortened and with contacts hidden as the recipient would see them. */
  excerpt: string;
  /** Whether the message asks for money up front (core/src/trust/moneyRequest.ts): the email warns as the thread does. */
  asksForMoney: boolean;
  /** Unread messages in the conversation. */
  unread: number;
  /** The conversation on the site. */
  link: string;
};

const subject = ({ locale, listingTitle }: NewMessageEmail) => {
  const { t } = translatorFor(locale);
  return listingTitle === null
    ? t('email.newMessage.subjectNoListing')
    : t('email.newMessage.subject', { title: listingTitle });
};

const NewMessage = (props: NewMessageEmail) => {
  const { locale, name, listingTitle, toOwner, excerpt, unread, link } = props;
  const { t, rich } = translatorFor(locale);
  const senderName = props.senderName ?? t('email.common.formerUser');
  const toOwnerValue = toOwner ? 'yes' : 'no';
  return (
    <EmailLayout
      locale={locale}
      preview={`${senderName}: ${excerpt}`}
      heading={subject(props)}
      footer={t('email.newMessage.footer')}
    >
      <Greeting name={name} locale={locale} />
      <Paragraph>
        {listingTitle === null
          ? t('email.newMessage.introNoListing', { sender: senderName, toOwner: toOwnerValue })
          : richNodes(
              rich<ReactNode>('email.newMessage.intro', {
                sender: senderName,
                toOwner: toOwnerValue,
                title: listingTitle,
                b: (chunks) => <strong>{chunks}</strong>,
              }),
            )}
      </Paragraph>
      <Paragraph>{t('email.newMessage.excerpt', { excerpt })}</Paragraph>
      {props.asksForMoney ? (
        <Paragraph>
          <strong>{t('trust.moneyWarning')}</strong>
        </Paragraph>
      ) : null}
      {unread > 1 ? <Paragraph>{t('email.newMessage.unread', { n: unread })}</Paragraph> : null}
      <ActionAndLink href={link} label={t('email.newMessage.action')} locale={locale} />
    </EmailLayout>
  );
};

/** The email about a message left unread (projections/src/messageNotifications/notifier.ts sends it). */
export const newMessageEmail = (props: NewMessageEmail) =>
  renderEmail(subject(props), <NewMessage {...props} />);
