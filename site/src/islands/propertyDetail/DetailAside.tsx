import { Fragment } from 'react';
import { confirmedAgo, formatDate, initial, listerLabel } from '../../lib/format.ts';
import type { OwnerContact, Property } from '../../lib/types.ts';
import { looksToRent } from '../../lib/roleHome.ts';
import { displayPhone, emailBreakParts, mailtoHref, telHref } from '../../lib/contactLinks.ts';
import { plural } from '@rentals/core/ui/plural';
import type { AuthState } from '../../stores/auth.ts';
import { SendMessage } from '../../components/react/SendMessage.tsx';
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
const viewsText = (views: number, owner: boolean): string =>
  views > 0 ? plural(views, 'view') : owner ? 'No views yet' : 'You are the first to view it';

/** The owner's own listing: links to edit it and to their list. */
export const OwnListing = ({ p }: { p: Property }) => (
  <section className="card" data-testid="own-listing">
    <h2 style={{ fontSize: '1.1rem' }}>Your listing</h2>
    <p className="muted" style={{ marginTop: 0 }}>
      Tenants contact you by the ways you chose in the listing.
    </p>
    <div className="stack" style={{ gap: '0.5rem' }}>
      <a className="button button-primary" href={`/edit-property/${p._id}`}>
        Edit listing
      </a>
      <a className="button" href="/my-properties">
        My Properties
      </a>
    </div>
  </section>
);

const EmailParts = ({ email }: { email: string }) => (
  <span className="contact-value">
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
    <h2 style={{ fontSize: '1.1rem' }}>Contact Owner</h2>
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
          <Icon name="phone" /> Call Owner{' '}
          <span className="contact-value">{displayPhone(contact.phone)}</span>
        </a>
      )}
      {contact.email && (
        <a className="button" href={mailtoHref(contact.email, p.title)}>
          <Icon name="mail" /> Send Email <EmailParts email={contact.email} />
        </a>
      )}
      {looksToRent(user, p.ownerId) && (
        <>
          {!contact.phone && !contact.email && (
            <p className="muted" style={{ margin: 0 }}>
              The owner prefers to be contacted by message.
            </p>
          )}
          <SendMessage listingId={p._id} title={p.title} />
        </>
      )}
    </div>
  </section>
);

/** Availability, verification, views and listing date. */
export const PropertyStatus = ({ p, user }: { p: Property; user: User }) => (
  <section className="card">
    <h2 style={{ fontSize: '1.1rem' }}>Property Status</h2>
    <dl className="status-list">
      <dt>Availability</dt>
      <dd>
        <span className={`badge ${p.isAvailable ? 'badge-listed' : 'badge-delisted'}`}>
          {p.isAvailable ? 'Available' : 'Not Available'}
        </span>{' '}
        <PossiblyRentedLater listingId={p._id} />
        <br />
        <small className="muted" data-testid="confirmed-ago">
          {confirmedAgo(p.lastConfirmedAt)}
        </small>
      </dd>
      <dt>Verification</dt>
      <dd>
        <VerifyControl listingId={p._id} verified={p.isVerified} admin={user?.role === 'admin'} />
      </dd>
      <dt>Views</dt>
      <dd data-testid="views">{viewsText(p.views, user?._id === p.ownerId)}</dd>
      <dt>Listed</dt>
      <dd>{formatDate(p.createdAt)}</dd>
    </dl>
  </section>
);
