import { ActionAndLink, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';

/** What happened to the visit: each kind has its subject, heading and sentence. */
export type VisitEmailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';

export type VisitEmail = {
  kind: VisitEmailKind;
  /** The reader's language and name. */
  locale: Locale;
  name: string;
  /** The reader's side: a tenant visits, an owner shows the home. */
  role: 'tenant' | 'owner';
  /** The other side's name. */
  withName: string;
  /** Null when the listing's details are gone from the read model: 'your property' / 'the property'. */
  listingTitle: string | null;
  /** The visit's time as the reader reads it ('Mon, 7 Dec, 6:00 pm', India time). */
  when: string;
  /** The earlier time of a moved visit. */
  previously?: string;
  /** Why it was moved or called off, in the words of whoever did it. */
  reason?: string | null;
  /** Whether the reader made the change themselves (their own confirmation). */
  byReader: boolean;
  /** The conversation, where the visit can be moved or called off. */
  conversationLink: string;
};

const titleOf = ({ locale, listingTitle, role }: VisitEmail) =>
  listingTitle ??
  translatorFor(locale).t(
    role === 'owner' ? 'email.common.yourProperty' : 'email.visit.theProperty',
  );

const id = (props: VisitEmail, part: string) =>
  `email.visit.${props.kind}.${part}` as Parameters<ReturnType<typeof translatorFor>['t']>[0];

const Visit = (props: VisitEmail) => {
  const { locale } = props;
  const { t } = translatorFor(locale);
  const values = {
    title: titleOf(props),
    when: props.when,
    previously: props.previously ?? '',
    name: props.withName,
    role: props.role,
    by: props.byReader ? 'you' : 'them',
  };
  return (
    <EmailLayout
      locale={locale}
      preview={t(id(props, 'preview'), values)}
      heading={t(id(props, 'heading'), values)}
      footer={t('email.visit.footer')}
    >
      <Greeting name={props.name} locale={locale} />
      <Paragraph>{t(id(props, 'body'), values)}</Paragraph>
      {props.reason ? (
        <Paragraph>{t('email.visit.reason', { reason: props.reason })}</Paragraph>
      ) : null}
      {props.kind === 'cancelled' ? null : <Paragraph>{t('email.visit.calendar')}</Paragraph>}
      <ActionAndLink
        href={props.conversationLink}
        label={t('email.visit.action')}
        locale={locale}
      />
    </EmailLayout>
  );
};

/** A visit's confirmation, change, cancellation or reminder (projections/src/visits/mailer.ts sends it). */
export const visitEmail = (props: VisitEmail) =>
  renderEmail(
    translatorFor(props.locale).t(id(props, 'subject'), {
      title: titleOf(props),
      when: props.when,
    }),
    <Visit {...props} />,
  );
