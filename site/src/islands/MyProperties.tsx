import { lazy, Suspense, useState } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { describeError, apiRoute } from '../lib/api.ts';
import { fill, pageHref, text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import { formatRent, rentPeriod, typeLabel } from '../lib/format.ts';
import { confirmedAgoText } from '../lib/confirmedAgo.ts';
import { count } from '@rentals/core/ui/plural';
import { FACILITIES, type Property } from '../lib/types.ts';
import { toast } from '../stores/toasts.ts';
import { Carousel } from '../components/react/Carousel.tsx';
import { DeleteDialog } from '../components/react/DeleteDialog.tsx';
import { facilityLabel } from '../lib/labels.ts';
import { GuardedIsland, OWNER_ROLES } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import { Specs } from '../components/react/Specs.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { EmptyState, listProperty } from '../components/react/EmptyState.tsx';
import { BusyButton } from '../components/react/BusyButton.tsx';
import { VisitTimes } from './myProperties/VisitTimes.tsx';
import { MarkLetButton } from './myProperties/LetAction.tsx';
import { useMyListings } from './myProperties/useMyListings.ts';
import type { LetDocument } from '@rentals/core/contract/let';

// Photos just uploaded, still being processed (or refused): only then are the tiles' code fetched.
const PhotoUploads = lazy(async () => ({
  default: (await import('../components/react/PhotoUploads.tsx')).PhotoUploads,
}));

// A let home's figures and its agreement, loaded only for a let listing: most cards are not
// let (the page's weight budget).
const LetFigures = lazy(() => import('./myProperties/LetFigures.tsx'));
const AgreementLink = lazy(() => import('./myProperties/AgreementLink.tsx'));

const MAX_FACILITIES = 5;

type CardProps = {
  property: Property;
  /** Conversations tenants started about it. */
  enquiries: number;
  busy: boolean;
  onToggle: () => void;
  /** 'Still available' on a listed listing, 'Renew' on an expired one. */
  onConfirm: () => void;
  onDelete: () => void;
  /** Its let, while it says 'Let' (GET /lets/mine); `onLet` records the card's new one. */
  made: LetDocument | undefined;
  onLet: (made: LetDocument) => void;
};

const DAY_MS = 86_400_000;

/** Days left before a listed listing expires, once it is in its reminder window (day 25 to 30); else null. */
const reminderDue = (p: Property, now = Date.now()): number | null => {
  if (!p.isAvailable || p.isExpired) return null;
  const age = now - Date.parse(p.lastConfirmedAt);
  if (Number.isNaN(age) || age < 25 * DAY_MS) return null;
  return Math.max(0, Math.ceil((30 * DAY_MS - age) / DAY_MS));
};

const statusOf = (p: Property) =>
  p.hiddenForReview
    ? { label: 'myProperties.status.hidden' as MessageId, className: 'badge-delisted' }
    : p.let
      ? { label: 'lets.status' as MessageId, className: 'badge-delisted' }
      : p.isExpired
        ? { label: 'myProperties.status.expired' as MessageId, className: 'badge-delisted' }
        : p.isAvailable
          ? { label: 'myProperties.status.listed' as MessageId, className: 'badge-listed' }
          : { label: 'myProperties.status.delisted' as MessageId, className: 'badge-delisted' };

const OwnerCard = (props: CardProps) => {
  const { property: p, enquiries, busy, onToggle, onConfirm, onDelete, made, onLet } = props;
  const status = statusOf(p);
  const facilities = FACILITIES.filter((f) => p.facilities[f]);
  const d = p.propertyDetails;
  return (
    <article className="property-card" data-testid="owner-card">
      <div style={{ position: 'relative' }}>
        <Carousel images={p.images} title={p.title} />
        <span
          className={`badge ${status.className}`}
          style={{ position: 'absolute', top: '0.6rem', left: '0.6rem' }}
          data-testid="listing-status"
        >
          {text(status.label)}
        </span>
        <span className="badge" style={{ position: 'absolute', top: '0.6rem', right: '0.6rem' }}>
          <Icon name="eye" /> {format('myProperties.views', { n: p.views })}
        </span>
      </div>
      <div className="property-card-body">
        <div className="row-between" style={{ margin: 0 }}>
          <span className="chip">{typeLabel(p.propertyType)}</span>
          <span className="rent">
            {formatRent(p.rent)}
            <small>
              {text(rentPeriod(p.rentType) === 'year' ? 'card.per.year' : 'card.per.month')}
            </small>
          </span>
        </div>
        <h3 translate="no">{p.title}</h3>
        <p className="muted" style={{ margin: 0 }} translate="no">
          {p.location.area}, {p.location.city}
        </p>
        <p className="line-clamp-2" translate="no">
          {p.description}
        </p>
        <Specs details={d} />
        <p className="muted" style={{ margin: 0 }} data-testid="confirmed-ago">
          {p.isExpired ? text('myProperties.expired') : confirmedAgoText(p.lastConfirmedAt)}
        </p>
        {p.let && made && (
          <Suspense fallback={null}>
            <LetFigures made={made} />
          </Suspense>
        )}
        {p.hiddenForReview && (
          <p className="alert alert-error" style={{ margin: 0 }} data-testid="hidden-for-review">
            {fill('myProperties.hidden', { reason: p.hiddenForReview.reason })}
          </p>
        )}
        {(p.photoUploads?.length ?? 0) > 0 && (
          <Suspense fallback={null}>
            <PhotoUploads property={p} />
          </Suspense>
        )}
        {reminderDue(p) !== null && (
          <p className="alert alert-error" style={{ margin: 0 }} data-testid="expiry-reminder">
            {format('myProperties.expiresIn', { n: reminderDue(p) ?? 0 })}
          </p>
        )}
        <a href={pageHref('/messages')} className="muted" data-testid="enquiries">
          <Icon name="mail" /> {format('myProperties.enquiries', { n: enquiries })}
        </a>
        {facilities.length > 0 && (
          <div className="facility-icons">
            {facilities.slice(0, MAX_FACILITIES).map((f) => (
              <span className="chip" key={f}>
                {facilityLabel(f)}
              </span>
            ))}
            {facilities.length > MAX_FACILITIES && (
              <span className="chip">
                {fill('myProperties.more', { n: facilities.length - MAX_FACILITIES })}
              </span>
            )}
          </div>
        )}
        {!p.hiddenForReview && <VisitTimes listingId={p._id} />}
        {p.let && (
          <Suspense fallback={null}>
            <AgreementLink listingId={p._id} />
          </Suspense>
        )}
        <div className="card-actions">
          <a className="button button-small" href={pageHref(`/properties/${p._id}`)}>
            {text('myProperties.view')}
          </a>
          <a className="button button-small" href={pageHref(`/edit-property/${p._id}`)}>
            {text('myProperties.edit')}
          </a>
          {p.hiddenForReview ? null : p.isExpired ? (
            <BusyButton
              className="button button-small button-primary"
              busy={busy}
              onClick={onConfirm}
            >
              {text('myProperties.renew')}
            </BusyButton>
          ) : (
            <>
              {p.isAvailable && (
                <BusyButton className="button button-small" busy={busy} onClick={onConfirm}>
                  {text('myProperties.stillAvailable')}
                </BusyButton>
              )}
              <BusyButton className="button button-small" busy={busy} onClick={onToggle}>
                {text(p.isAvailable ? 'myProperties.delist' : 'myProperties.list')}
              </BusyButton>
            </>
          )}
          {!p.hiddenForReview && !p.let && <MarkLetButton property={p} onLet={onLet} />}
          <BusyButton className="button button-small button-danger" busy={busy} onClick={onDelete}>
            {text('myProperties.delete.button')}
          </BusyButton>
        </div>
      </div>
    </article>
  );
};

const Mine = () => {
  const [error, setError] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const { properties, enquiries, lets, replace, drop, letMade } = useMyListings(setError);

  /** One card's action at a time; a failure shows above the cards (`loud`: as a toast too). */
  const act = async (p: Property, action: () => Promise<void>, failure: string, loud = false) => {
    setBusyId(p._id);
    setError('');
    try {
      await action();
    } catch (e) {
      const message = describeError(e, failure);
      setError(message);
      if (loud) toast.error(message);
    } finally {
      setBusyId(null);
    }
  };

  /** Delist/list or confirm: the card then shows the listing as the answer has it. */
  const update = (
    p: Property,
    route: 'PATCH /properties/:id/toggle-availability' | 'PATCH /properties/:id/confirm-available',
    thanks?: string,
  ) =>
    act(
      p,
      async () => {
        replace((await apiRoute(route, { params: { id: p._id } })).property);
        if (thanks) toast.success(thanks);
      },
      text('myProperties.updateFailed'),
    );
  const toggle = (p: Property) => update(p, 'PATCH /properties/:id/toggle-availability');
  const confirm = (p: Property) =>
    update(
      p,
      'PATCH /properties/:id/confirm-available',
      text(p.isExpired ? 'myProperties.renewed' : 'myProperties.confirmed'),
    );

  const remove = (p: Property) =>
    act(
      p,
      async () => {
        try {
          await apiRoute('DELETE /properties/:id', { params: { id: p._id } });
          drop(p._id);
          toast.success(text('myProperties.deleted'));
        } finally {
          setDeleting(null);
        }
      },
      text('myProperties.deleteFailed'),
      true,
    );

  if (!properties) return <Spinner />;
  const listed = properties.filter((p) => p.isAvailable).length;
  const views = properties.reduce((sum, p) => sum + (p.views || 0), 0);
  return (
    <>
      <div className="page-header">
        <h1>{text('myProperties.title')}</h1>
        <a className="button button-primary" href={pageHref('/add-property')}>
          <Icon name="plus" /> {text('myProperties.add')}
        </a>
      </div>
      <div className="stat-grid">
        {[
          ['myProperties.stat.total', properties.length],
          ['myProperties.stat.listed', listed],
          ['myProperties.stat.delisted', properties.length - listed],
          ['myProperties.stat.views', views],
        ].map(([label, value]) => (
          <div className="card stat-card" key={label}>
            <strong>{count(Number(value))}</strong>
            <span className="muted">{text(label as MessageId)}</span>
          </div>
        ))}
      </div>
      <Alert className="alert alert-error" message={error} />
      {properties.length === 0 ? (
        <EmptyState
          icon="home"
          title={text('myProperties.empty.title')}
          text={fill('myProperties.empty.text')}
          action={listProperty()}
        />
      ) : (
        <div className="property-grid-2">
          {properties.map((p) => (
            <OwnerCard
              key={p._id}
              property={p}
              enquiries={enquiries.get(p._id) ?? 0}
              busy={busyId === p._id}
              onToggle={() => void toggle(p)}
              onConfirm={() => void confirm(p)}
              onDelete={() => setDeleting(p)}
              made={lets.get(p._id)}
              onLet={(made) => {
                letMade(p, made);
                toast.success(text('lets.done'));
              }}
            />
          ))}
        </div>
      )}
      {deleting && (
        <DeleteDialog
          title={deleting.title}
          busy={busyId === deleting._id}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </>
  );
};

export default function MyProperties() {
  return <GuardedIsland roles={OWNER_ROLES}>{() => <Mine />}</GuardedIsland>;
}
