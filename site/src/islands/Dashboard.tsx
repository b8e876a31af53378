import { useEffect, useState } from 'react';
import { api, describeError } from '../lib/api.ts';
import { formatRent } from '../lib/format.ts';
import type { Property, User } from '../lib/types.ts';
import { isOwnerRole } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { Guarded } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';

type Action = { href: string; icon: string; label: string };

const QuickActions = ({ actions }: { actions: Action[] }) => (
  <section className="card" aria-labelledby="quick-actions">
    <h2 id="quick-actions">Quick Actions</h2>
    <div className="quick-actions">
      {actions.map((a) => (
        <a key={a.href} className="button" href={a.href}>
          <span aria-hidden="true">{a.icon}</span> {a.label}
        </a>
      ))}
    </div>
  </section>
);

const Stat = ({ label, value }: { label: string; value: number }) => (
  <div className="card stat-card">
    <strong>{value}</strong>
    <span className="muted">{label}</span>
  </div>
);

/** The tenant's numbers are fixed placeholders (SPEC §1). */
const TenantDashboard = () => (
  <>
    <div className="stat-grid">
      <Stat label="Properties Viewed" value={24} />
      <Stat label="Favorites" value={8} />
      <Stat label="Messages" value={12} />
      <Stat label="Inquiries" value={3} />
    </div>
    <div className="stack">
      <QuickActions
        actions={[
          { href: '/properties', icon: '🔍', label: 'Search Properties' },
          { href: '/messages', icon: '💬', label: 'Messages' },
          { href: '/profile', icon: '👤', label: 'Profile' },
        ]}
      />
      <section className="card">
        <h2>Recent Searches</h2>
        <div className="empty-state">
          <p className="muted">No recent searches yet. Start looking for your next home!</p>
          <a className="button button-primary" href="/properties">
            Search Properties
          </a>
        </div>
      </section>
    </div>
  </>
);

const OwnerDashboard = () => {
  const [properties, setProperties] = useState<Property[] | null>(null);
  useEffect(() => {
    api<{ properties: Property[] }>('/properties/my-properties')
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
        <Stat label="Messages" value={8} />
        <Stat label="Active Listings" value={active} />
      </div>
      <div className="stack">
        <QuickActions
          actions={[
            { href: '/add-property', icon: '➕', label: 'Add Property' },
            { href: '/my-properties', icon: '🏠', label: 'My Properties' },
            { href: '/messages', icon: '💬', label: 'Messages' },
            { href: '/profile', icon: '👤', label: 'Profile' },
          ]}
        />
        <section className="card">
          <div className="row-between">
            <h2 style={{ margin: 0 }}>Recent Properties</h2>
            {properties.length > 0 && <a href="/my-properties">View All</a>}
          </div>
          {properties.length === 0 ? (
            <div className="empty-state">
              <h3>No Properties Yet</h3>
              <p className="muted">List your first property to start reaching tenants.</p>
              <a className="button button-primary" href="/add-property">
                List Property
              </a>
            </div>
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
                    {formatRent(p.rent)} <small>per {p.rentType}</small>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
};

const Welcome = ({ user }: { user: User }) => (
  <div className="page-header">
    <div>
      <h1>Welcome back, {user.name}!</h1>
      <p className="muted" style={{ margin: 0 }}>
        {isOwnerRole(user.role)
          ? 'Here is how your listings are doing.'
          : 'Find your next home and keep track of your search.'}
      </p>
    </div>
  </div>
);

export default function Dashboard() {
  return (
    <ErrorBoundary>
      <Guarded>
        {(user) => (
          <>
            <Welcome user={user} />
            {isOwnerRole(user.role) ? <OwnerDashboard /> : <TenantDashboard />}
          </>
        )}
      </Guarded>
    </ErrorBoundary>
  );
}
