import { lazy, Suspense } from 'react';
import { addressLine, rentPeriod, typeLabel } from '../../lib/format.ts';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { FACILITIES, type Property } from '../../lib/types.ts';
import { count } from '@rentals/core/ui/plural';
import { pageLocale, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { facilityLabel } from '../../lib/labels.ts';
import { FavouriteButton } from '../../components/react/FavouriteButton.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';

const LocationMap = lazy(() => import('./LocationMap.tsx'));

/** Title, address, type, rent and description. */
export const Summary = ({ p }: { p: Property }) => (
  <section className="card">
    <div className="row-between" style={{ alignItems: 'flex-start' }}>
      <div>
        <h1 translate="no">{p.title}</h1>
        <p className="muted" style={{ margin: 0 }} translate="no">
          <Icon name="pin" /> {addressLine(p.location)}
        </p>
      </div>
      <span style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        <span className="badge badge-listed">{typeLabel(p.propertyType)}</span>
        <FavouriteButton listingId={p._id} title={p.title} ownerId={p.ownerId} />
      </span>
    </div>
    <p className="rent" style={{ fontSize: '1.6rem', margin: '0.5rem 0' }}>
      {formatRupees(p.rent, pageLocale())}{' '}
      <small>
        {text(
          rentPeriod(p.rentType) === 'year' ? 'detail.summary.perYear' : 'detail.summary.perMonth',
        )}
      </small>
    </p>
    <h2 style={{ fontSize: '1.1rem' }}>{text('detail.summary.description')}</h2>
    <p style={{ whiteSpace: 'pre-line' }} translate="no">
      {p.description}
    </p>
  </section>
);

/** Bedrooms, bathrooms, area and floor: those given. */
export const DetailTiles = ({ p }: { p: Property }) => {
  const d = p.propertyDetails;
  const tiles = [
    { label: format('detail.tiles.bedrooms', { n: d.bedrooms }), value: d.bedrooms },
    { label: format('detail.tiles.bathrooms', { n: d.bathrooms }), value: d.bathrooms },
    { label: text('detail.tiles.area'), value: d.area },
    { label: text('detail.tiles.floor'), value: d.floor },
  ].filter((t) => t.value > 0);
  if (tiles.length === 0) return null;
  return (
    <section className="card">
      <h2 style={{ fontSize: '1.1rem' }}>{text('detail.tiles.heading')}</h2>
      <div className="tiles">
        {tiles.map((t) => (
          <div className="tile" key={t.label}>
            <strong>{count(t.value)}</strong>
            <span className="muted">{t.label}</span>
          </div>
        ))}
      </div>
    </section>
  );
};

export const Facilities = ({ p }: { p: Property }) => {
  const facilities = FACILITIES.filter((f) => p.facilities[f]);
  if (facilities.length === 0) return null;
  return (
    <section className="card">
      <h2 style={{ fontSize: '1.1rem' }}>{text('detail.facilities')}</h2>
      <div className="facility-icons">
        {facilities.map((f) => (
          <span className="chip" key={f}>
            <Icon name="check" /> {facilityLabel(f)}
          </span>
        ))}
      </div>
    </section>
  );
};

/** The map, when the listing has a position. */
export const LocationCard = ({ p }: { p: Property }) => {
  const coords = p.location.coordinates;
  if (!coords) return null;
  return (
    <section className="card">
      <h2 style={{ fontSize: '1.1rem' }}>{text('detail.location')}</h2>
      <Suspense fallback={<div className="map-pending" />}>
        <LocationMap latitude={coords.latitude} longitude={coords.longitude} title={p.title} />
      </Suspense>
    </section>
  );
};
