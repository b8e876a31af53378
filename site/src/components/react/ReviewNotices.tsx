import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';

type Notice = {
  id: string;
  kind: 'fix-requested' | 'delisted' | 'suspended';
  listingId: string;
  title: string | null;
  reason: string;
  at: string;
};

const HEADLINES: Record<Notice['kind'], string> = {
  'fix-requested': 'Please correct your listing',
  delisted: 'Your listing was removed',
  suspended: 'Your account was suspended',
};

/** What admins' reviews of reports told the owner (in-app; the same goes out by email). Nothing when there is none. */
export const ReviewNotices = () => {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    // A failure leaves the dashboard as it was: the email carries the same notice.
    api<{ notices: Notice[] }>('/reports/notices')
      .then((res) => setNotices(res.notices))
      .catch(() => undefined);
  }, []);
  if (notices.length === 0) return null;
  return (
    <section className="card" aria-labelledby="review-notices">
      <h2 id="review-notices">Notices from our team</h2>
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notices.map((n) => (
          <li key={n.id} className="alert alert-info">
            <strong>{HEADLINES[n.kind]}</strong>
            {n.title ? `: ${n.title}` : ''} — {n.reason}{' '}
            <span className="muted">({formatDate(n.at)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
};
