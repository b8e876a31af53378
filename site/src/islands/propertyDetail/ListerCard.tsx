import { useEffect, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { plural } from '@rentals/core/ui/plural';

type Lister = ApiResponse<'GET /listers/:id'>['lister'];

const monthYear = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/**
 * What a tenant can check about who lists the home (issue 41): Owner or
 * Broker, since when a member, listings live, how they answer (only with
 * enough conversations to say), and reports upheld against them. Facts, not
 * a score. Nothing is shown until the card has loaded, or when it cannot be.
 */
export const ListerCard = ({ ownerId }: { ownerId: string }) => {
  const [lister, setLister] = useState<Lister | null>(null);
  useEffect(() => {
    apiRoute('GET /listers/:id', { params: { id: ownerId } })
      .then((res) => setLister(res.lister))
      .catch(() => setLister(null));
  }, [ownerId]);
  if (!lister) return null;
  return (
    <section className="card" aria-labelledby="lister-card" data-testid="lister-card">
      <h2 id="lister-card" style={{ fontSize: '1.1rem' }}>
        About the {lister.label === 'Broker' ? 'broker' : 'owner'}
      </h2>
      <dl className="status-list">
        <dt>Listed by</dt>
        <dd data-testid="lister-card-label">
          {lister.name} · {lister.label}
        </dd>
        <dt>Member since</dt>
        <dd>{monthYear.format(new Date(lister.memberSince))}</dd>
        {/* Email verified: the line for users.email_verified_at goes here (issue 41, item 1). */}
        <dt>Listings live</dt>
        <dd>{lister.listingsLive}</dd>
        {lister.responses && (
          <>
            <dt>Replies</dt>
            <dd>{lister.responses.text}</dd>
          </>
        )}
        <dt>Reports upheld</dt>
        <dd>{lister.reportsUpheld === 0 ? 'None' : plural(lister.reportsUpheld, 'report')}</dd>
      </dl>
    </section>
  );
};
