import { ActionAndLink, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';

export type PasswordResetEmail = {
  locale: Locale;
  name: string;
  link: string;
  validMinutes: number;
};

const PasswordReset = ({ locale, name, link, validMinutes }: PasswordResetEmail) => {
  const { t } = translatorFor(locale);
  return (
    <EmailLayout
      locale={locale}
      preview={t('email.passwordReset.subject')}
      heading={t('email.passwordReset.heading')}
      footer={t('email.passwordReset.footer')}
    >
      <Greeting name={name} locale={locale} />
      <Paragraph>{t('email.passwordReset.body', { minutes: validMinutes })}</Paragraph>
      <ActionAndLink href={link} label={t('email.passwordReset.action')} locale={locale} />
    </EmailLayout>
  );
};

/** The email with the password reset link (api/src/auth/passwordReset.ts sends it). */
export const passwordResetEmail = (props: PasswordResetEmail) =>
  renderEmail(
    translatorFor(props.locale).t('email.passwordReset.subject'),
    <PasswordReset {...props} />,
  );
