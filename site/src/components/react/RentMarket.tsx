import { useEffect, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import type { ListingMarket } from '../../lib/rentTrends.ts';

/**
 * The detail page's 'Rent & market' card: the fair-rent hint, days on the
 * market, relistings and the rent changes, newest first. Shows nothing
 * until (or unless) the figures load: they add to the page, never block it.
 */
export const RentMarket = ({ listingId }: { listingId: string }) => {
  const [market, setMarket] = useState<ListingMarket | null>(null);
  useEffect(() => {
    apiRoute('GET /properties/:id/market', { params: { id: listingId } }).then(setMarket, () =>
      setMarket(null),
    );
  }, [listingId]);
  if (!market) return null;
  // The owner's history holds the rents it was let at too (issue 44), newest first.
  const changes = [...market.rentHistory, ...(market.lets ?? [])].sort((a, b) =>
    b.at.localeCompare(a.at),
  );
  return (
    <section className="card" data-testid="rent-market">
      <h2 style={{ fontSize: '1.1rem' }}>{text('detail.market.heading')}</h2>
      {market.warning && (
        <p
          className="alert"
          style={{ background: 'var(--amber-soft)', color: '#78350f' }}
          role="note"
          data-testid="too-cheap-warning"
        >
          {market.warning}
        </p>
      )}
      {market.fairRent && (
        <p className={`fair-rent fair-rent-${market.fairRent.verdict}`} data-testid="fair-rent">
          {market.fairRent.text}
        </p>
      )}
      <dl className="status-list">
        <dt>{text('detail.market.onMarket')}</dt>
        <dd data-testid="days-on-market">
          {format('detail.market.days', { n: market.daysOnMarket })}
        </dd>
        <dt>{text('detail.market.relisted')}</dt>
        <dd>{format('detail.market.times', { n: market.timesRelisted })}</dd>
      </dl>
      <h3 style={{ fontSize: '1rem' }}>{text('detail.market.history')}</h3>
      {changes.length === 0 ? (
        <p className="muted">{text('detail.market.unchanged')}</p>
      ) : (
        <ul className="rent-history" data-testid="rent-history">
          {changes.map((c) => (
            <li key={c.at}>{c.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
};
