import { Link } from '@react-email/components';
import { formatRupees } from '../../i18n/numbers.ts';
import { Action, EmailLayout, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';

export type SavedSearchAlertListing = {
  title: string;
  area: string;
  city: string;
  rent: number;
  link: string;
};

export type SavedSearchAlertEmail = {
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

const rupees = (n: number) => formatRupees(n);
const count = (n: number) => (n === 1 ? '1 new property' : `${n} new properties`);

const SavedSearchAlert = (props: SavedSearchAlertEmail) => {
  const { name, searchName, kind, listings, more, link, unsubscribeLink } = props;
  const total = listings.length + more;
  return (
    <EmailLayout
      preview={`${count(total)} for “${searchName}”`}
      heading={`${count(total)} for “${searchName}”`}
      footer={
        kind === 'instant'
          ? 'You get this email because you saved this search with instant alerts. We send at most one every 15 minutes for each search.'
          : 'You get this email because you saved this search with a daily digest. We send at most one a day for each search.'
      }
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        {kind === 'instant' ? 'Just listed' : 'Listed since yesterday'}, matching your saved search:
      </Paragraph>
      {listings.map((l) => (
        <Paragraph key={l.link}>
          <Link href={l.link}>{l.title}</Link> · {l.area}, {l.city} · {rupees(l.rent)}
        </Paragraph>
      ))}
      {more > 0 ? <Paragraph>…and {more} more.</Paragraph> : null}
      <Action href={link} label="See your saved searches" />
      <Paragraph>
        No more alerts for this search? Unsubscribe with one click:{' '}
        <Link href={unsubscribeLink}>{unsubscribeLink}</Link>
      </Paragraph>
    </EmailLayout>
  );
};

/** The alert of a saved search (projections/src/alerts/alertMailer.ts sends it). */
export const savedSearchAlertEmail = (props: SavedSearchAlertEmail) => {
  const total = props.listings.length + props.more;
  return renderEmail(`${count(total)} for “${props.searchName}”`, <SavedSearchAlert {...props} />);
};
