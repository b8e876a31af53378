import { ConfirmEmailBanner } from '../components/react/ConfirmEmailBanner.tsx';
import { useEffect, useState } from 'react';
import { count } from '@rentals/core/ui/plural';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { useStore } from '@nanostores/react';
import { fetchUnreadMessageCount } from '../lib/conversationCounts.ts';
import { describeFilters, filtersToSearch } from '../lib/filters.ts';
import { formatDate, formatRent, rentPeriod } from '../lib/format.ts';
import type { Property, User } from '../lib/types.ts';
import { isOwnerRole, takeNewAccount } from '../stores/auth.ts';
import { $unread } from '../stores/inbox.ts';
import { toast } from '../stores/toasts.ts';
import { ActivityChart } from '../components/react/ActivityChart.tsx';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import type { IconName } from '@rentals/core/ui/icons';
import { ReviewNotices } from '../components/react/ReviewNotices.tsx';
import { RoleQuestion } from '../components/react/RoleQuestion.tsx';
import { EmptyState, listProperty, searchProperties } from '../components/react/EmptyState.tsx';
import { PageHeader } from '../components/react/PageHeader.tsx';

type Action = { href: string; icon: IconName; label: string };

/** Every dashboard's last two quick actions. */
const EVERYONES: Action[] = [
  { href: '/messages', icon: 'message', label: 'Messages' },
  { href: '/profile', icon: 'user', label: 'Profile' },
];

/** The role's own actions (`first`), then everyone's. */
const QuickActions = ({ first }: { first: Action[] }) => (
  <section className="card" aria-labelledby="quick-actions">
    <h2 id="quick-actions">Quick Actions</h2>
    <div className="quick-actions">
      {[...first, ...EVERYONES].map((a) => (
        <a key={a.href} className="button" href={a.href}>
          <Icon name={a.icon} /> {a.label}
        </a>
      ))}
    </div>
  </section>
);

/** A figure, or '—' while it is not known (never a made-up number). */
const Stat = ({ label, value }: { label: string; value: number | null | undefined }) => (
  <div className="card stat-card" data-testid="stat">
    <strong aria-label={value === null || value === undefined ? 'Not available yet' : undefined}>
      {value === null || value === undefined ? '—' : count(value)}
    </strong>
    <span className="muted">{label}</span>
  </div>
);

type TenantFigures = ApiResponse<'GET /dashboard/tenant'>;
type RecentSearch = TenantFigures['recentSearches'][number];

/** A figure that is fetched once; null while unknown or when it could not be had. */
const useFigure = <T,>(load: () => Promise<T | null>): T | null | undefined => {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    load()
      .then(setValue)
      .catch(() => setValue(null));
  }, [load]);
  return value;
};

/** Unread messages: fetched once, then following the live stream like the header badge. */
const useUnreadMessages = (): number | null | undefined => {
  const fetched = useFigure(fetchUnreadMessageCount);
  const live = useStore($unread);
  return fetched === undefined || fetched === null ? fetched : live;
};

const RecentSearches = ({ searches }: { searches: RecentSearch[] | undefined }) => (
  <section className="card" aria-labelledby="recent-searches">
    <h2 id="recent-searches">Recent Searches</h2>
    {searches === undefined ? (
      <Spinner />
    ) : searches.length === 0 ? (
      <EmptyState
        card={false}
        text="No recent searches yet. Start looking for your next home!"
        action={searchProperties()}
      />
    ) : (
      <ul className="recent-searches" data-testid="recent-searches">
        {searches.map((s) => (
          <li key={filtersToSearch(s.criteria)}>
            <span>
              {describeFilters(s.criteria)}
              <br />
              <small className="muted">{formatDate(s.searchedAt)}</small>
            </span>
            <a className="button button-small" href={`/properties${filtersToSearch(s.criteria)}`}>
              Search again
            </a>
          </li>
        ))}
      </ul>
    )}
  </section>
);

/** The tenant's own figures: what they viewed and saved, messages, enquiries and recent searches. */
const TenantDashboard = () => {
  const [figures, setFigures] = useState<TenantFigures | null | undefined>(undefined);
  const unread = useUnreadMessages();
  useEffect(() => {
    apiRoute('GET /dashboard/tenant')
      .then(setFigures)
      .catch((error: unknown) => {
        toast.error(describeError(error, 'An unexpected error occurred.'));
        setFigures(null);
      });
  }, []);
  return (
    <>
      <div className="stat-grid">
        <Stat label="Properties Viewed" value={figures?.propertiesViewed} />
        <Stat label="Favourites" value={figures?.favourites} />
        <Stat label="Unread Messages" value={unread} />
        <Stat label="Inquiries" value={figures?.enquiriesSent} />
      </div>
      <div className="stack">
        <QuickActions
          first={[
            { href: '/properties', icon: 'search', label: 'Search Properties' },
            { href: '/favourites', icon: 'heart', label: 'Favourites' },
          ]}
        />
        <RecentSearches searches={figures === null ? [] : figures?.recentSearches} />
      </div>
    </>
  );
};

type OwnerViews = ApiResponse<'GET /dashboard/owner/views'>;

/** Views and enquiries per day of the owner's most viewed listings. */
const loadActivity = (): Promise<OwnerViews> => apiRoute('GET /dashboard/owner/views');

const ActivitySection = () => {
  const activity = useFigure(loadActivity);
  return (
    <section className="card" aria-labelledby="listing-activity">
      <h2 id="listing-activity">Views and Enquiries, Last 30 Days</h2>
      {activity === undefined ? (
        <Spinner />
      ) : activity === null ? (
        <p className="muted">The figures could not be loaded. Please try again later.</p>
      ) : (
        <ActivityChart days={activity.days} listings={activity.listings} />
      )}
    </section>
  );
};

/** The owner's three newest listings, or how to list a first one. */
const RecentProperties = ({ properties }: { properties: Property[] }) => (
  <section className="card">
    <div className="row-between">
      <h2 style={{ margin: 0 }}>Recent Properties</h2>
      {properties.length > 0 && <a href="/my-properties">View All</a>}
    </div>
    {properties.length === 0 ? (
      <EmptyState
        card={false}
        heading="h3"
        title="No Properties Yet"
        text="List your first property to start reaching tenants."
        action={listProperty()}
      />
    ) : (
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {properties.slice(0, 3).map((p) => (
          <li
            key={p._id}
            className="row-between"
            style={{
              borderTop: '1px solid var(--gray-100)',
              paddingTop: '0.75rem',
              margin: 0,
            }}
          >
            <div>
              <a href={`/properties/${p._id}`}>
                <strong>{p.title}</strong>
              </a>{' '}
              <span className={`badge ${p.isAvailable ? 'badge-listed' : 'badge-delisted'}`}>
                {p.isAvailable ? 'Listed' : 'Delisted'}
              </span>
              <p className="muted" style={{ margin: 0 }}>
                {p.location.area}, {p.location.city}
              </p>
            </div>
            <span className="rent">
              {formatRent(p.rent)} <small>per {rentPeriod(p.rentType)}</small>
            </span>
          </li>
        ))}
      </ul>
    )}
  </section>
);

const OwnerDashboard = () => {
  const [properties, setProperties] = useState<Property[] | null>(null);
  const unread = useUnreadMessages();
  useEffect(() => {
    apiRoute('GET /properties/my-properties')
      .then((res) => setProperties(res.properties))
      .catch((error: unknown) => {
        toast.error(describeError(error, 'An unexpected error occurred.'));
        setProperties([]);
      });
  }, []);
  if (!properties) return <Spinner />;
  const views = properties.reduce((sum, p) => sum + (p.views || 0), 0);
  const active = properties.filter((p) => p.isAvailable).length;
  return (
    <>
      <div className="stat-grid">
        <Stat label="Total Properties" value={properties.length} />
        <Stat label="Total Views" value={views} />
        <Stat label="Unread Messages" value={unread} />
        <Stat label="Active Listings" value={active} />
      </div>
      <div className="stack">
        <RoleQuestion />
        <ReviewNotices />
        <QuickActions
          first={[
            { href: '/add-property', icon: 'plus', label: 'Add Property' },
            { href: '/my-properties', icon: 'home', label: 'My Properties' },
          ]}
        />
        <ActivitySection />
        <RecentProperties properties={properties} />
      </div>
    </>
  );
};

const Welcome = ({ user }: { user: User }) => {
  const [fresh] = useState(takeNewAccount);
  return (
    <PageHeader
      title={`${fresh ? 'Welcome' : 'Welcome back'}, ${user.name}!`}
      intro={
        isOwnerRole(user.role)
          ? 'Here is how your listings are doing.'
          : 'Find your next home and keep track of your search.'
      }
    />
  );
};

export default function Dashboard() {
  // An admin's home is the admin console: Guarded sends them there.
  return (
    <GuardedIsland roles={['tenant', 'homeowner', 'broker']}>
      {(user) => (
        <>
          <Welcome user={user} />
          <ConfirmEmailBanner />
          {isOwnerRole(user.role) ? <OwnerDashboard /> : <TenantDashboard />}
        </>
      )}
    </GuardedIsland>
  );
}
