import { useEffect, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import { fill, pageHref, pageLocale, text } from '../../lib/i18n.ts';
import { isUpcoming, visitWhen, type Visit } from '../../lib/visits.ts';

/**
 * The dashboard's upcoming visits (issue 44), either side's: when, where, with
 * whom, and the conversation to move or cancel it in. Loaded after the
 * dashboard's figures (Dashboard imports it lazily), within the page's budget.
 */
export default function UpcomingVisits({ role }: { role: 'tenant' | 'owner' }) {
  const [visits, setVisits] = useState<Visit[] | null>(null);
  useEffect(() => {
    apiRoute('GET /visits')
      .then((all) => setVisits(all.visits.filter((v) => isUpcoming(v))))
      .catch(() => setVisits([]));
  }, []);
  if (!visits) return null;
  return (
    <section className="card" aria-labelledby="upcoming-visits" data-testid="upcoming-visits">
      <h2 id="upcoming-visits">{text('visits.upcoming')}</h2>
      {visits.length === 0 ? (
        <p className="muted">{text(role === 'owner' ? 'visits.noneOwner' : 'visits.none')}</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' }}>
          {visits.map((v) => (
            <li key={v.visitId}>
              <strong>{visitWhen(v.start, pageLocale())}</strong>
              <div>
                <span translate="no">{v.listingTitle}</span>
                {v.area ? <span className="muted" translate="no">{` · ${v.area}`}</span> : null}
              </div>
              <div className="muted">
                <span translate="no">{fill('visits.withName', { name: v.withName })}</span> ·{' '}
                <a href={pageHref(`/messages?c=${encodeURIComponent(v.conversationId)}`)}>
                  {text('visits.openConversation')}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
