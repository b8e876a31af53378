import { ActionAndLink, EmailLayout, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';

export type PasswordResetEmail = { name: string; link: string; validMinutes: number };

const PasswordReset = ({ name, link, validMinutes }: PasswordResetEmail) => (
  <EmailLayout
    preview="Reset your Rentals password"
    heading="Reset your password"
    footer="You get this email because someone asked to reset the password of your Rentals account. If it was not you, ignore it: your password stays as it is."
  >
    <Paragraph>Hello {name},</Paragraph>
    <Paragraph>
      We received a request to reset your password. Choose a new one with the button below. The link
      works once and expires in {validMinutes} minutes.
    </Paragraph>
    <ActionAndLink href={link} label="Reset password" />
  </EmailLayout>
);

/** The email with the password reset link (api/src/auth/passwordReset.ts sends it). */
export const passwordResetEmail = (props: PasswordResetEmail) =>
  renderEmail('Reset your Rentals password', <PasswordReset {...props} />);
