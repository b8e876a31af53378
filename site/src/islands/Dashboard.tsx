import { ConfirmEmailBanner } from '../components/react/ConfirmEmailBanner.tsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { count } from '@rentals/core/ui/plural';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { describeError, apiRoute } from '../lib/api.ts';
import { fill, pageHref, pageLocale, text } from '../lib/i18n.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { useStore } from '@nanostores/react';
import { fetchUnreadMessageCount } from '../lib/conversationCounts.ts';
import { describeFilters, filtersToSearch } from '../lib/filters.ts';
import { formatRent } from '../lib/format.ts';
import { formatDate } from '@rentals/core/i18n/dates';
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

// After the figures: visits are a second look, and the page's first load stays within its budget.
const UpcomingVisits = lazy(() => import('./dashboard/UpcomingVisits.tsx'));
const AgreementLinks = lazy(() => import('./dashboard/AgreementLinks.tsx'));
import { PageHeader } from '../components/react/PageHeader.tsx';

type Action = { href: string; icon: IconName; label: MessageId };

/** Every dashboard's last two quick actions. */
const EVERYONES: Action[] = [
  { href: '/messages', icon: 'message', label: 'dashboard.action.messages' },
  { href: '/profile', icon: 'user', label: 'dashboard.action.profile' },
];

/** The role's own actions (`first`), then everyone's. */
const QuickActions = ({ first }: { first: Action[] }) => (
  <section className="card" aria-labelledby="quick-actions">
    <h2 id="quick-actions">{text('dashboard.quickActions')}</h2>
    <div className="quick-actions">
      {[...first, ...EVERYONES].map((a) => (
        <a key={a.href} className="button" href={pageHref(a.href)}>
          <Icon name={a.icon} /> {text(a.label)}
        </a>
      ))}
    </div>
  </section>
);

/** A figure, or '—' while it is not known (never a made-up number). */
const Stat = ({ label, value }: { label: MessageId; value: number | null | undefined }) => (
  <div className="card stat-card" data-testid="stat">
    <strong
      aria-label={
        value === null || value === undefined ? text('dashboard.notAvailable') : undefined
      }
    >
      {value === null || value === undefined ? '—' : count(value)}
    </strong>
    <span className="muted">{text(label)}</span>
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
    <h2 id="recent-searches">{text('dashboard.recentSearches')}</h2>
    {searches === undefined ? (
      <Spinner />
    ) : searches.length === 0 ? (
      <EmptyState
        card={false}
        text={text('dashboard.noRecentSearches')}
        action={searchProperties()}
      />
    ) : (
      <ul className="recent-searches" data-testid="recent-searches">
        {searches.map((s) => (
          <li key={filtersToSearch(s.criteria)}>
            <span>
              {describeFilters(s.criteria)}
              <br />
              <small className="muted">{formatDate(s.searchedAt, pageLocale())}</small>
            </span>
            <a
              className="button button-small"
              href={pageHref(`/properties${filtersToSearch(s.criteria)}`)}
            >
              {text('dashboard.searchAgain')}
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
        toast.error(describeError(error, text('common.unexpectedError')));
        setFigures(null);
      });
  }, []);
  return (
    <>
      <div className="stat-grid">
        <Stat label="dashboard.stat.viewed" value={figures?.propertiesViewed} />
        <Stat label="dashboard.stat.favourites" value={figures?.favourites} />
        <Stat label="dashboard.stat.unread" value={unread} />
        <Stat label="dashboard.stat.enquiries" value={figures?.enquiriesSent} />
      </div>
      <div className="stack">
        <QuickActions
          first={[
            { href: '/properties', icon: 'search', label: 'dashboard.action.search' },
            { href: '/favourites', icon: 'heart', label: 'dashboard.action.favourites' },
          ]}
        />
        <Suspense fallback={null}>
          <UpcomingVisits role="tenant" />
          <AgreementLinks />
        </Suspense>
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
      <h2 id="listing-activity">{text('dashboard.activity')}</h2>
      {activity === undefined ? (
        <Spinner />
      ) : activity === null ? (
        <p className="muted">{text('dashboard.activityFailed')}</p>
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
      <h2 style={{ margin: 0 }}>{text('dashboard.recentProperties')}</h2>
      {properties.length > 0 && (
        <a href={pageHref('/my-properties')}>{text('dashboard.viewAll')}</a>
      )}
    </div>
    {properties.length === 0 ? (
      <EmptyState
        card={false}
        heading="h3"
        title={text('dashboard.noProperties.title')}
        text={text('dashboard.noProperties.text')}
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
              <a href={pageHref(`/properties/${p._id}`)}>
                <strong>{p.title}</strong>
              </a>{' '}
              <span className={`badge ${p.isAvailable ? 'badge-listed' : 'badge-delisted'}`}>
                {text(
                  p.isAvailable
                    ? 'dashboard.listed'
                    : p.let
                      ? 'dashboard.let'
                      : 'dashboard.delisted',
                )}
              </span>
              <p className="muted" style={{ margin: 0 }}>
                {p.location.area}, {p.location.city}
              </p>
            </div>
            <span className="rent">
              {formatRent(p.rent)}{' '}
              <small>
                {text(p.rentType === 'yearly' ? 'dashboard.perYear' : 'dashboard.perMonth')}
              </small>
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
        toast.error(describeError(error, text('common.unexpectedError')));
        setProperties([]);
      });
  }, []);
  if (!properties) return <Spinner />;
  const views = properties.reduce((sum, p) => sum + (p.views || 0), 0);
  const active = properties.filter((p) => p.isAvailable).length;
  return (
    <>
      <div className="stat-grid">
        <Stat label="dashboard.stat.properties" value={properties.length} />
        <Stat label="dashboard.stat.views" value={views} />
        <Stat label="dashboard.stat.unread" value={unread} />
        <Stat label="dashboard.stat.active" value={active} />
      </div>
      <div className="stack">
        <RoleQuestion />
        <ReviewNotices />
        <QuickActions
          first={[
            { href: '/add-property', icon: 'plus', label: 'dashboard.action.add' },
            { href: '/my-properties', icon: 'home', label: 'dashboard.action.myProperties' },
          ]}
        />
        <Suspense fallback={null}>
          <UpcomingVisits role="owner" />
        </Suspense>
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
      title={fill(fresh ? 'dashboard.welcome' : 'dashboard.welcomeBack', { name: user.name })}
      intro={isOwnerRole(user.role) ? text('dashboard.introOwner') : text('dashboard.introTenant')}
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
