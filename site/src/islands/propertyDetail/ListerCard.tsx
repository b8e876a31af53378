import { useEffect, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '@rentals/core/i18n/dates';
import { pageLocale, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';

type Lister = ApiResponse<'GET /listers/:id'>['lister'];

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
        {format('trust.lister.heading', { label: lister.label })}
      </h2>
      <dl className="status-list">
        <dt>{text('trust.lister.listedBy')}</dt>
        <dd data-testid="lister-card-label">
          {format('trust.lister.label', { name: lister.name, label: lister.label })}
        </dd>
        <dt>{text('trust.lister.memberSince')}</dt>
        <dd>
          {formatDate(lister.memberSince, pageLocale(), 'monthYear', { timeZone: 'Asia/Kolkata' })}
        </dd>
        {/* Email verified: the line for users.email_verified_at goes here (issue 41, item 1). */}
        <dt>{text('trust.lister.listingsLive')}</dt>
        <dd>{lister.listingsLive}</dd>
        {lister.responses && (
          <>
            <dt>{text('trust.lister.replies')}</dt>
            <dd>{lister.responses.text}</dd>
          </>
        )}
        <dt>{text('trust.lister.reportsUpheld')}</dt>
        <dd>{format('trust.lister.reports', { n: lister.reportsUpheld })}</dd>
      </dl>
    </section>
  );
};
