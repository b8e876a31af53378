import { Link } from '@react-email/components';
import { ActionAndLink, EmailLayout, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';

export type ExpiryReminderEmail = {
  /** The owner's name. */
  name: string;
  listingTitle: string;
  /** The day it expires unless confirmed, as the owner reads it (e.g. '29 Nov 2026'). */
  expiresOn: string;
  /** The one-click confirm link: no sign-in, works once. */
  confirmLink: string;
  /** My Properties, to edit, delist or confirm there. */
  manageLink: string;
};

const ExpiryReminder = (props: ExpiryReminderEmail) => (
  <EmailLayout
    preview={`Is ${props.listingTitle} still available? Confirm by ${props.expiresOn}`}
    heading="Is your property still available?"
    footer="You get this email because a property you list on Rentals has not been confirmed for 25 days. Listings unconfirmed for 30 days leave search, so tenants only see homes that are really available."
  >
    <Paragraph>Hello {props.name},</Paragraph>
    <Paragraph>
      Your listing <strong>{props.listingTitle}</strong> expires on {props.expiresOn} unless you
      confirm that it is still available. One click is enough; you do not need to sign in.
    </Paragraph>
    <ActionAndLink href={props.confirmLink} label="Yes, still available" />
    <Paragraph>
      Already rented? Delist it in <Link href={props.manageLink}>My Properties</Link>.
    </Paragraph>
  </EmailLayout>
);

/** The day-25 reminder of a listing's expiry (projections/src/listingExpiry/reminder.ts sends it). */
export const expiryReminderEmail = (props: ExpiryReminderEmail) =>
  renderEmail(`Is ${props.listingTitle} still available?`, <ExpiryReminder {...props} />);
