import { useCallback, useEffect, useState } from 'react';
import { PhotoUploads, useReloadWhileProcessing } from '../components/react/PhotoUploads.tsx';
import { describeError, apiRoute } from '../lib/api.ts';
import { confirmedAgo, formatRent, rentPeriod, typeLabel } from '../lib/format.ts';
import { count, plural } from '@rentals/core/ui/plural';
import { FACILITIES, type Property } from '../lib/types.ts';
import { toast } from '../stores/toasts.ts';
import { Carousel } from '../components/react/Carousel.tsx';
import { DeleteDialog } from '../components/react/DeleteDialog.tsx';
import { FACILITY_LABELS } from '../components/react/facilityLabels.ts';
import { GuardedIsland, OWNER_ROLES } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import { Specs } from '../components/react/Specs.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { EmptyState, listProperty } from '../components/react/EmptyState.tsx';
import { BusyButton } from '../components/react/BusyButton.tsx';

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
    ? { label: 'Hidden pending review', className: 'badge-delisted' }
    : p.isExpired
      ? { label: 'Expired', className: 'badge-delisted' }
      : p.isAvailable
        ? { label: 'Listed', className: 'badge-listed' }
        : { label: 'Delisted', className: 'badge-delisted' };

const OwnerCard = ({ property: p, enquiries, busy, onToggle, onConfirm, onDelete }: CardProps) => {
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
          {status.label}
        </span>
        <span className="badge" style={{ position: 'absolute', top: '0.6rem', right: '0.6rem' }}>
          <Icon name="eye" /> {plural(p.views, 'view')}
        </span>
      </div>
      <div className="property-card-body">
        <div className="row-between" style={{ margin: 0 }}>
          <span className="chip">{typeLabel(p.propertyType)}</span>
          <span className="rent">
            {formatRent(p.rent)}
            <small>/{rentPeriod(p.rentType)}</small>
          </span>
        </div>
        <h3>{p.title}</h3>
        <p className="muted" style={{ margin: 0 }}>
          {p.location.area}, {p.location.city}
        </p>
        <p className="line-clamp-2">{p.description}</p>
        <Specs details={d} />
        <p className="muted" style={{ margin: 0 }} data-testid="confirmed-ago">
          {p.isExpired
            ? 'Expired: not confirmed for 30 days. Renew to show it to tenants again.'
            : confirmedAgo(p.lastConfirmedAt)}
        </p>
        {p.hiddenForReview && (
          <p className="alert alert-error" style={{ margin: 0 }} data-testid="hidden-for-review">
            Hidden pending review: several people reported it as &lsquo;
            {p.hiddenForReview.reason}&rsquo;. It is waiting for our team to review the reports; you
            can edit it meanwhile, and it is shown again if the reports are dismissed.
          </p>
        )}
        <PhotoUploads property={p} />
        {reminderDue(p) !== null && (
          <p className="alert alert-error" style={{ margin: 0 }} data-testid="expiry-reminder">
            Expires in {plural(reminderDue(p) ?? 0, 'day')} unless you confirm it is still
            available.
          </p>
        )}
        <a href="/messages" className="muted" data-testid="enquiries">
          <Icon name="mail" /> {plural(enquiries, 'enquiry', 'enquiries')}
        </a>
        {facilities.length > 0 && (
          <div className="facility-icons">
            {facilities.slice(0, MAX_FACILITIES).map((f) => (
              <span className="chip" key={f}>
                {FACILITY_LABELS[f]}
              </span>
            ))}
            {facilities.length > MAX_FACILITIES && (
              <span className="chip">+{facilities.length - MAX_FACILITIES} more</span>
            )}
          </div>
        )}
        <div className="card-actions">
          <a className="button button-small" href={`/properties/${p._id}`}>
            View
          </a>
          <a className="button button-small" href={`/edit-property/${p._id}`}>
            Edit
          </a>
          {p.hiddenForReview ? null : p.isExpired ? (
            <BusyButton
              className="button button-small button-primary"
              busy={busy}
              onClick={onConfirm}
            >
              Renew
            </BusyButton>
          ) : (
            <>
              {p.isAvailable && (
                <BusyButton className="button button-small" busy={busy} onClick={onConfirm}>
                  Still available
                </BusyButton>
              )}
              <BusyButton className="button button-small" busy={busy} onClick={onToggle}>
                {p.isAvailable ? 'Delist' : 'List'}
              </BusyButton>
            </>
          )}
          <BusyButton className="button button-small button-danger" busy={busy} onClick={onDelete}>
            Delete
          </BusyButton>
        </div>
      </div>
    </article>
  );
};

const Mine = () => {
  const [properties, setProperties] = useState<Property[] | null>(null);
  const [error, setError] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [enquiries, setEnquiries] = useState<Map<string, number>>(new Map());

  useEffect(() => {
    // Without the counts the cards still work; they show 0 until the counts arrive.
    apiRoute('GET /conversations/enquiries')
      .then((res) => setEnquiries(new Map(res.listings.map((l) => [l.listingId, l.enquiries]))))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    apiRoute('GET /properties/my-properties')
      .then((res) => setProperties(res.properties))
      .catch((e: unknown) => {
        setError(describeError(e, 'Failed to fetch properties'));
        setProperties([]);
      });
  }, []);

  // Photos still being processed appear on their cards once ready.
  const reload = useCallback(() => {
    apiRoute('GET /properties/my-properties')
      .then((res) => setProperties(res.properties))
      .catch(() => undefined);
  }, []);
  useReloadWhileProcessing(properties ?? [], reload);

  const replace = (next: Property) =>
    setProperties((list) => list?.map((p) => (p._id === next._id ? next : p)) ?? null);

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
      'Failed to update property',
    );
  const toggle = (p: Property) => update(p, 'PATCH /properties/:id/toggle-availability');
  const confirm = (p: Property) =>
    update(
      p,
      'PATCH /properties/:id/confirm-available',
      p.isExpired ? 'Property renewed' : 'Thanks: confirmed as still available',
    );

  const remove = (p: Property) =>
    act(
      p,
      async () => {
        try {
          await apiRoute('DELETE /properties/:id', { params: { id: p._id } });
          setProperties((list) => list?.filter((x) => x._id !== p._id) ?? null);
          toast.success('Property deleted successfully!');
        } finally {
          setDeleting(null);
        }
      },
      'Failed to delete property',
      true,
    );

  if (!properties) return <Spinner />;
  const listed = properties.filter((p) => p.isAvailable).length;
  const views = properties.reduce((sum, p) => sum + (p.views || 0), 0);
  return (
    <>
      <div className="page-header">
        <h1>My Properties</h1>
        <a className="button button-primary" href="/add-property">
          <Icon name="plus" /> Add New Property
        </a>
      </div>
      <div className="stat-grid">
        {[
          ['Total', properties.length],
          ['Listed', listed],
          ['Delisted', properties.length - listed],
          ['Total Views', views],
        ].map(([label, value]) => (
          <div className="card stat-card" key={label}>
            <strong>{count(Number(value))}</strong>
            <span className="muted">{label}</span>
          </div>
        ))}
      </div>
      <Alert className="alert alert-error" message={error} />
      {properties.length === 0 ? (
        <EmptyState
          icon="home"
          title="No Properties Yet"
          text="You haven't listed any properties. Add your first one to reach tenants."
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
