import { ActionAndLink, EmailLayout, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';

export type EmailVerificationEmail = { name: string; link: string; validDays: number };

const EmailVerification = ({ name, link, validDays }: EmailVerificationEmail) => (
  <EmailLayout
    preview="Confirm your email address for Rentals"
    heading="Confirm your email address"
    footer="You get this email because this address was given for a Rentals account. If it was not you, ignore it: nothing happens without the link."
  >
    <Paragraph>Hello {name},</Paragraph>
    <Paragraph>
      Please confirm that this is your email address. Once it is confirmed you can list a property,
      message owners and report a listing, and people see that your email is verified. The link
      works for {validDays} days.
    </Paragraph>
    <ActionAndLink href={link} label="Confirm my email address" />
  </EmailLayout>
);

/** The email with the address verification link (api/src/auth/emailVerification.ts sends it). */
export const emailVerificationEmail = (props: EmailVerificationEmail) =>
  renderEmail('Confirm your email address for Rentals', <EmailVerification {...props} />);
