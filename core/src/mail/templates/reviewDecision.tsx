import { ActionAndLink, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';

export type ReviewDecisionKind = 'fix-requested' | 'delisted' | 'suspended';

export type ReviewDecisionEmail = {
  locale: Locale;
  name: string;
  kind: ReviewDecisionKind;
  listingTitle: string | null;
  reason: string;
  /** Fix requested: the listing's form; delisted: My Properties; suspended: none is shown. */
  link: string;
};

const SUBJECTS = {
  'fix-requested': 'email.review.subject.fix-requested',
  delisted: 'email.review.subject.delisted',
  suspended: 'email.review.subject.suspended',
} as const;

const WHAT = {
  'fix-requested': 'email.review.what.fix-requested',
  delisted: 'email.review.what.delisted',
  suspended: 'email.review.what.suspended',
} as const;

/** A suspended account cannot sign in, so its email offers nothing to open. */
const ACTION = {
  'fix-requested': 'email.review.action.fix-requested',
  delisted: 'email.review.action.delisted',
  suspended: null,
} as const;

const ReviewDecision = (props: ReviewDecisionEmail) => {
  const { locale, name, kind, listingTitle, reason, link } = props;
  const { t } = translatorFor(locale);
  const action = ACTION[kind];
  return (
    <EmailLayout
      locale={locale}
      preview={t(SUBJECTS[kind])}
      heading={t(SUBJECTS[kind])}
      footer={t('email.review.footer')}
    >
      <Greeting name={name} locale={locale} />
      <Paragraph>
        {t(WHAT[kind])}
        {listingTitle ? ` ${t('email.review.listing', { title: listingTitle })}` : ''}
      </Paragraph>
      <Paragraph>{t('email.review.reason', { reason })}</Paragraph>
      {action === null ? null : <ActionAndLink href={link} label={t(action)} locale={locale} />}
    </EmailLayout>
  );
};

/** The email telling an owner what a review of reports about their listing decided (api/src/reports sends it). */
export const reviewDecisionEmail = (props: ReviewDecisionEmail) =>
  renderEmail(translatorFor(props.locale).t(SUBJECTS[props.kind]), <ReviewDecision {...props} />);
