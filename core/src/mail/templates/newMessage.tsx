import { ActionAndLink, EmailLayout, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { MONEY_REQUEST_WARNING } from '../../trust/moneyRequest.ts';

export type NewMessageEmail = {
  /** The recipient's name. */
  name: string;
  senderName: string;
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

const about = (title: string | null) => title ?? 'your conversation on Rentals';

const NewMessage = (props: NewMessageEmail) => {
  const { name, senderName, listingTitle, toOwner, excerpt, unread, link } = props;
  return (
    <EmailLayout
      preview={`${senderName}: ${excerpt}`}
      heading={`New message about ${about(listingTitle)}`}
      footer="You get this email because a message on Rentals waited unread for a few minutes. We send at most one an hour for each conversation; reading your messages stops them."
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        {senderName} {toOwner ? 'wrote to you about your property' : 'replied about'}{' '}
        {listingTitle ? <strong>{listingTitle}</strong> : 'a property that is no longer listed'}:
      </Paragraph>
      <Paragraph>“{excerpt}”</Paragraph>
      {props.asksForMoney ? (
        <Paragraph>
          <strong>{MONEY_REQUEST_WARNING}</strong>
        </Paragraph>
      ) : null}
      {unread > 1 ? (
        <Paragraph>You have {unread} unread messages in this conversation.</Paragraph>
      ) : null}
      <ActionAndLink href={link} label="Read and reply" />
    </EmailLayout>
  );
};

/** The email about a message left unread (projections/src/messageNotifications/notifier.ts sends it). */
export const newMessageEmail = (props: NewMessageEmail) =>
  renderEmail(`New message about ${about(props.listingTitle)}`, <NewMessage {...props} />);
