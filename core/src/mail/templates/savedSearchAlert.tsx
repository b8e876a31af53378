import { Link } from '@react-email/components';
import type { ReactNode } from 'react';
import { Action, EmailLayout, Greeting, Paragraph } from '../layout.tsx';
import { formatRupees } from '../../i18n/numbers.ts';
import { renderEmail } from '../render.ts';
import { translatorFor } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales.ts';
import { richNodes } from '../../i18n/rich.tsx';

export type SavedSearchAlertListing = {
  title: string;
  area: string;
  city: string;
  rent: number;
  link: string;
};

export type SavedSearchAlertEmail = {
  /** The recipient's language. */
  locale: Locale;
  /** The recipient's name. */
  name: string;
  searchName: string;
  /** 'instant': what matched in the last minutes; 'daily': the day's digest. */
  kind: 'instant' | 'daily';
  /** The newest matches, at most a dozen. */
  listings: SavedSearchAlertListing[];
  /** Matches beyond those listed. */
  more: number;
  /** The saved searches page. */
  link: string;
  /** One click turns this search's alerts off, without signing in. */
  unsubscribeLink: string;
};

const subject = ({ locale, listings, more, searchName }: SavedSearchAlertEmail) =>
  translatorFor(locale).t('email.alert.subject', { n: listings.length + more, search: searchName });

const SavedSearchAlert = (props: SavedSearchAlertEmail) => {
  const { locale, name, kind, listings, more, link, unsubscribeLink } = props;
  const { t, rich } = translatorFor(locale);
  return (
    <EmailLayout
      locale={locale}
      preview={subject(props)}
      heading={subject(props)}
      footer={t(`email.alert.footer.${kind}`)}
    >
      <Greeting name={name} locale={locale} />
      <Paragraph>{t(`email.alert.intro.${kind}`)}</Paragraph>
      {listings.map((l) => (
        <Paragraph key={l.link}>
          {richNodes(
            rich<ReactNode>('email.alert.listing', {
              title: l.title,
              area: l.area,
              city: l.city,
              rent: formatRupees(l.rent, locale),
              link: (chunks) => <Link href={l.link}>{chunks}</Link>,
            }),
          )}
        </Paragraph>
      ))}
      {more > 0 ? <Paragraph>{t('email.alert.more', { n: more })}</Paragraph> : null}
      <Action href={link} label={t('email.alert.action')} />
      <Paragraph>
        {richNodes(
          rich<ReactNode>('email.alert.unsubscribe', {
            href: unsubscribeLink,
            link: (chunks) => <Link href={unsubscribeLink}>{chunks}</Link>,
          }),
        )}
      </Paragraph>
    </EmailLayout>
  );
};

/** The alert of a saved search (projections/src/alerts/alertMailer.ts sends it). */
export const savedSearchAlertEmail = (props: SavedSearchAlertEmail) =>
  renderEmail(subject(props), <SavedSearchAlert {...props} />);
