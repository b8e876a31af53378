import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { TenancyDetails } from '../components/react/TenancyDetails.tsx';
import { Gallery } from '../components/react/Gallery.tsx';
import { ContactBar } from '../components/react/ContactBar.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { LISTING_PHOTO_CLASS } from '@rentals/core/ui/firstPhotos';
import { useAuth } from '../components/react/useAuth.ts';
import { looksToRent } from '../lib/roleHome.ts';
import { ContactOwner, OwnListing, PropertyStatus } from './propertyDetail/DetailAside.tsx';
import { ListerCard } from './propertyDetail/ListerCard.tsx';
import {
  DetailTiles,
  Facilities,
  LocationCard,
  Summary,
} from './propertyDetail/DetailSections.tsx';
import { useDetailLoad } from './propertyDetail/useDetailLoad.ts';
import { Alert } from '../components/react/Alert.tsx';
import { text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import type { Property } from '../lib/types.ts';
import { OfflineCopy } from '../components/react/OfflineCopy.tsx';

// Only an account with an unconfirmed email sees it: loaded after the page (site/scripts/checkBudgets.ts).
const ConfirmEmailBanner = lazy(async () => ({
  default: (await import('../components/react/ConfirmEmailBanner.tsx')).ConfirmEmailBanner,
}));

// Only the owner's document lists photos still being processed; the report form opens on a click.
// Both load then, outside the page's first load (site/scripts/checkBudgets.ts).
const PhotoUploads = lazy(async () => ({
  default: (await import('../components/react/PhotoUploads.tsx')).PhotoUploads,
}));
// 'Rent & market' shows nothing until its own request answers, so its code loads with it.
const RentMarket = lazy(async () => ({
  default: (await import('../components/react/RentMarket.tsx')).RentMarket,
}));
const ReportListing = lazy(async () => ({
  default: (await import('../components/react/ReportListing.tsx')).ReportListing,
}));

/** 'Report this listing': the button, then the form (fetched on the click). */
const Report = ({ listingId }: { listingId: string }) => {
  const [asked, setAsked] = useState(false);
  if (asked)
    return (
      <Suspense fallback={<Spinner />}>
        <ReportListing listingId={listingId} startOpen />
      </Suspense>
    );
  return (
    <button type="button" className="button" onClick={() => setAsked(true)}>
      {text('detail.report.open')}
    </button>
  );
};

const NotFound = () => (
  <div className="empty-state card">
    <h1>{text('detail.notFound.title')}</h1>
    <p className="muted">{format('detail.notFound.text')}</p>
    <a className="button button-primary" href="/properties">
      {text('detail.notFound.browse')}
    </a>
  </div>
);

/** The listing itself: photos, summary, details, facilities, tenancy terms and place. */
const Sections = ({ p }: { p: Property }) => (
  <div className="stack">
    {(p.images.length > 0 || !p.photoUploads?.length) && (
      <Gallery images={p.images} title={p.title} />
    )}
    {p.photoUploads?.length ? (
      <Suspense fallback={null}>
        <PhotoUploads property={p} />
      </Suspense>
    ) : null}
    <Summary p={p} />
    <DetailTiles p={p} />
    <Facilities p={p} />
    <TenancyDetails property={p} />
    <LocationCard p={p} />
  </div>
);

/**
 * While the listing loads: the gallery's main box, where the web process has put the listing's
 * first photo when it served /properties/{id} (core/src/ui/firstPhotos.ts; React keeps the box's
 * inner HTML as it hydrates), in the place the gallery then takes.
 */
const Loading = () => (
  <div className="detail-layout">
    <div className="stack">
      <div
        className={LISTING_PHOTO_CLASS}
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
      <Spinner />
    </div>
  </div>
);

/** /properties/{id} and /browse/{id}: full details for signed-in users; visitors sign in first. */
const Detail = () => {
  const auth = useAuth();
  const load = useDetailLoad(auth.status);

  if (load.status === 'loading') return <Loading />;
  if (load.status === 'missing') return <NotFound />;
  if (load.status === 'error')
    return <Alert className="alert alert-error" message={load.message} />;
  const p = load.property;
  const { contact, ownerEmailVerified } = load;
  document.title = format('detail.docTitle', { title: p.title });
  // Offline, the copy saved when last viewed: the listing only, since contacting the owner,
  // reporting and the market figures all need the network.
  if (load.copy)
    return (
      <OfflineCopy copy={load.copy}>
        <div className="detail-layout">
          <Sections p={p} />
        </div>
      </OfflineCopy>
    );
  return (
    <div className="detail-layout">
      <Sections p={p} />
      <aside className="stack">
        {auth.user?._id === p.ownerId ? (
          <OwnListing p={p} />
        ) : (
          <>
            {looksToRent(auth.user, p.ownerId) && (
              <Suspense fallback={null}>
                <ConfirmEmailBanner />
              </Suspense>
            )}
            <ContactOwner
              p={p}
              contact={contact}
              ownerEmailVerified={ownerEmailVerified}
              user={auth.user}
            />
          </>
        )}
        {auth.user && <ListerCard ownerId={p.ownerId} />}
        <PropertyStatus p={p} user={auth.user} />
        <Suspense fallback={null}>
          <RentMarket listingId={p._id} />
        </Suspense>
        {looksToRent(auth.user, p.ownerId) && (
          <section className="card">
            <h2 style={{ fontSize: '1.1rem' }}>{text('detail.reportHeading')}</h2>
            <Report listingId={p._id} />
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
