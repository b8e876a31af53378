import { Fragment, lazy, Suspense } from 'react';
import { initial, listerLabel } from '../../lib/format.ts';
import { formatDate } from '@rentals/core/i18n/dates';
import { pageLocale, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { confirmedAgoText } from '../../lib/confirmedAgo.ts';
import type { OwnerContact, Property } from '../../lib/types.ts';
import { looksToRent } from '../../lib/roleHome.ts';
import { displayPhone, emailBreakParts, mailtoHref, telHref } from '../../lib/contactLinks.ts';
import type { AuthState } from '../../stores/auth.ts';
import { PossiblyRentedLater } from '../../components/react/PossiblyRentedLater.tsx';
import { VerifyControl } from '../../components/react/VerifyControl.tsx';
import { EmailVerifiedBadge } from '../../components/react/EmailVerifiedBadge.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';

type User = AuthState['user'];

/**
 * The count is of earlier visits (a visit is counted after the page is
 * served, once a day per viewer, never the owner's): a first visitor is told
 * they are the first rather than shown '0'.
 */
// Only someone looking to rent writes to the owner: the note's form loads for them, after the page
// (site/scripts/checkBudgets.ts: 90 KB of JavaScript). A request from the phone's contact bar made
// before it arrives is read when it mounts ($messageFormRequests).
const SendMessage = lazy(async () => ({
  default: (await import('../../components/react/SendMessage.tsx')).SendMessage,
}));

const viewsText = (views: number, owner: boolean): string =>
  views > 0
    ? format('detail.status.viewCount', { n: views })
    : text(owner ? 'detail.status.noViews' : 'detail.status.firstView');

/** The owner's own listing: links to edit it and to their list. */
export const OwnListing = ({ p }: { p: Property }) => (
  <section className="card" data-testid="own-listing">
    <h2 style={{ fontSize: '1.1rem' }}>{text('detail.own.heading')}</h2>
    <p className="muted" style={{ marginTop: 0 }}>
      {text('detail.own.text')}
    </p>
    <div className="stack" style={{ gap: '0.5rem' }}>
      <a className="button button-primary" href={`/edit-property/${p._id}`}>
        {text('detail.own.edit')}
      </a>
      <a className="button" href="/my-properties">
        {text('detail.own.myProperties')}
      </a>
    </div>
  </section>
);

const EmailParts = ({ email }: { email: string }) => (
  <span className="contact-value" translate="no">
    {emailBreakParts(email).map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        <span className="contact-part">{part}</span>
      </Fragment>
    ))}
  </span>
);

/** The owner, the ways to reach them they chose, and a message to them. */
export const ContactOwner = ({
  p,
  contact,
  ownerEmailVerified,
  user,
}: {
  p: Property;
  contact: OwnerContact;
  ownerEmailVerified: boolean;
  user: User;
}) => (
  <section className="card">
    <h2 style={{ fontSize: '1.1rem' }}>{text('detail.contact.heading')}</h2>
    <div className="owner-line" style={{ border: 0, paddingTop: 0 }}>
      <span className="avatar" aria-hidden="true">
        {initial(p.owner.name)}
      </span>
      <span>
        <strong>{p.owner.name}</strong>
        <br />
        <span className="muted lister-label" data-testid="lister-label">
          {listerLabel(p.owner.role)}
        </span>{' '}
        <EmailVerifiedBadge verified={ownerEmailVerified} />
      </span>
    </div>
    <div className="stack" style={{ gap: '0.5rem', marginTop: '0.75rem' }}>
      {contact.phone && (
        <a className="button button-primary" href={telHref(contact.phone)}>
          <Icon name="phone" /> {text('detail.contact.call')}{' '}
          <span className="contact-value" translate="no">
            {displayPhone(contact.phone)}
          </span>
        </a>
      )}
      {contact.email && (
        <a className="button" href={mailtoHref(contact.email, p.title)}>
          <Icon name="mail" /> {text('detail.contact.email')} <EmailParts email={contact.email} />
        </a>
      )}
      {looksToRent(user, p.ownerId) && (
        <>
          {!contact.phone && !contact.email && (
            <p className="muted" style={{ margin: 0 }}>
              {text('detail.contact.byMessage')}
            </p>
          )}
          <Suspense fallback={null}>
            <SendMessage listingId={p._id} title={p.title} />
          </Suspense>
        </>
      )}
    </div>
  </section>
);

/** Availability, verification, views and listing date. */
export const PropertyStatus = ({ p, user }: { p: Property; user: User }) => (
  <section className="card">
    <h2 style={{ fontSize: '1.1rem' }}>{text('detail.status.heading')}</h2>
    <dl className="status-list">
      <dt>{text('detail.status.availability')}</dt>
      <dd>
        <span
          className={`badge ${p.isAvailable ? 'badge-listed' : 'badge-delisted'}`}
          data-testid="availability"
        >
          {/* A let home says so (issue 44), not a generic 'Not Available'. */}
          {p.let
            ? text('detail.status.let')
            : text(p.isAvailable ? 'detail.status.available' : 'detail.status.notAvailable')}
        </span>{' '}
        <PossiblyRentedLater listingId={p._id} />
        <br />
        <small className="muted" data-testid="confirmed-ago">
          {confirmedAgoText(p.lastConfirmedAt)}
        </small>
      </dd>
      <dt>{text('detail.status.verification')}</dt>
      <dd>
        <VerifyControl listingId={p._id} verified={p.isVerified} admin={user?.role === 'admin'} />
      </dd>
      <dt>{text('detail.status.views')}</dt>
      <dd data-testid="views">{viewsText(p.views, user?._id === p.ownerId)}</dd>
      <dt>{text('detail.status.listed')}</dt>
      <dd>{formatDate(p.createdAt, pageLocale())}</dd>
    </dl>
  </section>
);
