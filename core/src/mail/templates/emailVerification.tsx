import { ActionAndLink, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';

export type EmailVerificationEmail = {
  locale: Locale;
  name: string;
  link: string;
  validDays: number;
};

const EmailVerification = ({ locale, name, link, validDays }: EmailVerificationEmail) => {
  const { t } = translatorFor(locale);
  return (
    <EmailLayout
      locale={locale}
      preview={t('email.verification.subject')}
      heading={t('email.verification.heading')}
      footer={t('email.verification.footer')}
    >
      <Greeting name={name} locale={locale} />
      <Paragraph>{t('email.verification.body', { days: validDays })}</Paragraph>
      <ActionAndLink href={link} label={t('email.verification.action')} locale={locale} />
    </EmailLayout>
  );
};

/** The email with the address verification link (api/src/auth/emailVerification.ts sends it). */
export const emailVerificationEmail = (props: EmailVerificationEmail) =>
  renderEmail(
    translatorFor(props.locale).t('email.verification.subject'),
    <EmailVerification {...props} />,
  );
