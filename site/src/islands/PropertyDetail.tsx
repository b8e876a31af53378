import { Fragment, Suspense, useCallback, useEffect, useState } from 'react';
import { describeError } from '../lib/api.ts';
import {
  addressLine,
  confirmedAgo,
  formatDate,
  formatRent,
  initial,
  rentPeriod,
  roleLabel,
  typeLabel,
} from '../lib/format.ts';
import { loadProperty, type PropertyLoad } from '../lib/propertyLoad.ts';
import { idFromPath } from '../lib/routeId.ts';
import { FACILITIES } from '../lib/types.ts';
import { loginUrlFor } from '@rentals/core/ui/loginUrl';
import { looksToRent } from '../lib/roleHome.ts';
import { displayPhone, emailBreakParts, mailtoHref, telHref } from '../lib/contactLinks.ts';
import { count, plural, pluralNoun } from '@rentals/core/ui/plural';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { FACILITY_LABELS } from '../components/react/facilityLabels.ts';
import { TenancyDetails } from '../components/react/TenancyDetails.tsx';
import { FavouriteButton } from '../components/react/FavouriteButton.tsx';
import { Gallery } from '../components/react/Gallery.tsx';
import { RentMarket } from '../components/react/RentMarket.tsx';
import { SendMessage } from '../components/react/SendMessage.tsx';
import { ContactBar } from '../components/react/ContactBar.tsx';
import { ReportListing } from '../components/react/ReportListing.tsx';
import { PossiblyRented } from '../components/react/PossiblyRented.tsx';
import { VerifyControl } from '../components/react/VerifyControl.tsx';
import { lazyMap } from '../components/react/mapModules.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { useAuth } from '../components/react/useAuth.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { PhotoUploads, useReloadWhileProcessing } from '../components/react/PhotoUploads.tsx';

const DetailMap = lazyMap<{ latitude: number; longitude: number; title: string }>('DetailMap');

const NotFound = () => (
  <div className="empty-state card">
    <h1>Property Not Found</h1>
    <p className="muted">The property you&apos;re looking for doesn&apos;t exist.</p>
    <a className="button button-primary" href="/properties">
      Browse Properties
    </a>
  </div>
);

/**
 * The count is of earlier visits (a visit is counted after the page is
 * served, once a day per viewer, never the owner's): a first visitor is told
 * they are the first rather than shown '0'.
 */
const viewsText = (views: number, owner: boolean): string =>
  views > 0 ? plural(views, 'view') : owner ? 'No views yet' : 'You are the first to view it';

/** /properties/{id} and /browse/{id}: full details for signed-in users; visitors sign in first. */
const Detail = () => {
  const auth = useAuth();
  const [load, setLoad] = useState<PropertyLoad>({ status: 'loading' });

  useEffect(() => {
    if (auth.status === 'loading') return;
    const path = window.location.pathname;
    const id = idFromPath(path, 'properties') ?? idFromPath(path, 'browse');
    if (auth.status === 'anonymous') {
      window.location.replace(loginUrlFor(id ? `/properties/${id}` : path));
      return;
    }
    if (!id) {
      setLoad({ status: 'missing' });
      return;
    }
    void loadProperty(id, [404, 400], (error) =>
      describeError(error, 'An unexpected error occurred.'),
    ).then(setLoad);
  }, [auth.status]);

  // The owner's photos still being processed appear once ready.
  const reload = useCallback(() => {
    const path = window.location.pathname;
    const id = idFromPath(path, 'properties') ?? idFromPath(path, 'browse');
    if (id)
      void loadProperty(id, [404, 400], (error) =>
        describeError(error, 'An unexpected error occurred.'),
      ).then((next) => {
        if (next.status === 'ready') setLoad(next);
      });
  }, []);
  useReloadWhileProcessing(load.status === 'ready' ? [load.property] : [], reload);

  if (load.status === 'loading') return <Spinner />;
  if (load.status === 'missing') return <NotFound />;
  if (load.status === 'error')
    return (
      <p className="alert alert-error" role="alert">
        {load.message}
      </p>
    );
  const p = load.property;
  const { contact } = load;
  document.title = `${p.title} · Rentals`;
  const d = p.propertyDetails;
  const tiles = [
    { label: pluralNoun(d.bedrooms, 'Bedroom'), value: d.bedrooms },
    { label: pluralNoun(d.bathrooms, 'Bathroom'), value: d.bathrooms },
    { label: 'Area (Sq Ft)', value: d.area },
    { label: 'Floor', value: d.floor },
  ].filter((t) => t.value > 0);
  const facilities = FACILITIES.filter((f) => p.facilities[f]);
  const coords = p.location.coordinates;
  return (
    <div className="detail-layout">
      <div className="stack">
        {(p.images.length > 0 || !p.photoUploads?.length) && (
          <Gallery images={p.images} title={p.title} />
        )}
        <PhotoUploads property={p} />
        <section className="card">
          <div className="row-between" style={{ alignItems: 'flex-start' }}>
            <div>
              <h1>{p.title}</h1>
              <p className="muted" style={{ margin: 0 }}>
                <Icon name="pin" /> {addressLine(p.location)}
              </p>
            </div>
            <span style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <span className="badge badge-listed">{typeLabel(p.propertyType)}</span>
              <FavouriteButton listingId={p._id} title={p.title} ownerId={p.ownerId} />
            </span>
          </div>
          <p className="rent" style={{ fontSize: '1.6rem', margin: '0.5rem 0' }}>
            {formatRent(p.rent)} <small>per {rentPeriod(p.rentType)}</small>
          </p>
          <h2 style={{ fontSize: '1.1rem' }}>Description</h2>
          <p style={{ whiteSpace: 'pre-line' }}>{p.description}</p>
        </section>
        {tiles.length > 0 && (
          <section className="card">
            <h2 style={{ fontSize: '1.1rem' }}>Property Details</h2>
            <div className="tiles">
              {tiles.map((t) => (
                <div className="tile" key={t.label}>
                  <strong>{count(t.value)}</strong>
                  <span className="muted">{t.label}</span>
                </div>
              ))}
            </div>
          </section>
        )}
        {facilities.length > 0 && (
          <section className="card">
            <h2 style={{ fontSize: '1.1rem' }}>Facilities</h2>
            <div className="facility-icons">
              {facilities.map((f) => (
                <span className="chip" key={f}>
                  <Icon name="check" /> {FACILITY_LABELS[f]}
                </span>
              ))}
            </div>
          </section>
        )}
        <TenancyDetails property={p} />
        {coords && (
          <section className="card">
            <h2 style={{ fontSize: '1.1rem' }}>Location &amp; Navigation</h2>
            <Suspense fallback={<Spinner label="Loading map" />}>
              <DetailMap latitude={coords.latitude} longitude={coords.longitude} title={p.title} />
            </Suspense>
          </section>
        )}
      </div>
      <aside className="stack">
        {auth.user?._id === p.ownerId ? (
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
        ) : (
          <section className="card">
            <h2 style={{ fontSize: '1.1rem' }}>Contact Owner</h2>
            <div className="owner-line" style={{ border: 0, paddingTop: 0 }}>
              <span className="avatar" aria-hidden="true">
                {initial(p.owner.name)}
              </span>
              <span>
                <strong>{p.owner.name}</strong>
                <br />
                <span className="muted">{roleLabel(p.owner.role)}</span>
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
                  <Icon name="mail" /> Send Email{' '}
                  <span className="contact-value">
                    {emailBreakParts(contact.email).map((part, i) => (
                      <Fragment key={i}>
                        {i > 0 && <wbr />}
                        <span className="contact-part">{part}</span>
                      </Fragment>
                    ))}
                  </span>
                </a>
              )}
              {looksToRent(auth.user, p.ownerId) && (
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
        )}
        <section className="card">
          <h2 style={{ fontSize: '1.1rem' }}>Property Status</h2>
          <dl className="status-list">
            <dt>Availability</dt>
            <dd>
              <span className={`badge ${p.isAvailable ? 'badge-listed' : 'badge-delisted'}`}>
                {p.isAvailable ? 'Available' : 'Not Available'}
              </span>{' '}
              <PossiblyRented listingId={p._id} />
              <br />
              <small className="muted" data-testid="confirmed-ago">
                {confirmedAgo(p.lastConfirmedAt)}
              </small>
            </dd>
            <dt>Verification</dt>
            <dd>
              <VerifyControl
                listingId={p._id}
                verified={p.isVerified}
                admin={auth.user?.role === 'admin'}
              />
            </dd>
            <dt>Views</dt>
            <dd data-testid="views">{viewsText(p.views, auth.user?._id === p.ownerId)}</dd>
            <dt>Listed</dt>
            <dd>{formatDate(p.createdAt)}</dd>
          </dl>
        </section>
        <RentMarket listingId={p._id} />
        {looksToRent(auth.user, p.ownerId) && (
          <section className="card">
            <h2 style={{ fontSize: '1.1rem' }}>Something wrong with this listing?</h2>
            <ReportListing listingId={p._id} />
          </section>
        )}
      </aside>
      {looksToRent(auth.user, p.ownerId) && (
        <ContactBar contact={contact} listingTitle={p.title} ownerName={p.owner.name} />
      )}
    </div>
  );
};

export default function PropertyDetail() {
  return (
    <ErrorBoundary>
      <Detail />
    </ErrorBoundary>
  );
}
