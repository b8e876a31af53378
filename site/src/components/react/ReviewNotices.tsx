import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { describeError, apiRoute } from '../../lib/api.ts';
import { fill, pageHref, pageLocale, text } from '../../lib/i18n.ts';
import { formatDate } from '@rentals/core/i18n/dates';
import type { OwnerNotice } from '../../lib/types.ts';
import { $liveStarts, onNotice } from '../../stores/inbox.ts';
import { toast } from '../../stores/toasts.ts';

type ReviewKind = Exclude<OwnerNotice['kind'], 'expiry-reminder'>;

const HEADLINES: Record<ReviewKind, MessageId> = {
  'fix-requested': 'dashboard.notices.fixRequested',
  delisted: 'dashboard.notices.delisted',
  suspended: 'dashboard.notices.suspended',
};

/** The day-25 reminder: its question and a one-click 'Still available'. */
const ExpiryReminder = ({
  notice,
  onConfirmed,
}: {
  notice: OwnerNotice;
  onConfirmed: () => void;
}) => {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await apiRoute('PATCH /properties/:id/confirm-available', {
        params: { id: notice.listingId },
      });
      toast.success(text('dashboard.notices.confirmed'));
      onConfirmed();
    } catch (e) {
      toast.error(describeError(e, text('dashboard.notices.confirmFailed')));
      setBusy(false);
    }
  };
  return (
    <li className="alert alert-info" data-testid="expiry-reminder-notice">
      <strong>
        {notice.title
          ? fill('dashboard.notices.stillAvailableQuestion', { title: notice.title })
          : text('dashboard.notices.yoursStillAvailable')}
      </strong>{' '}
      {notice.reason}{' '}
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        onClick={() => void confirm()}
      >
        {text('dashboard.notices.stillAvailable')}
      </button>
    </li>
  );
};

/**
 * What the owner is told in-app: admins' reviews of reports (the same goes
 * out by email) and the day-25 'still available?' reminder, which arrives
 * live on the open page. Nothing when there is none.
 */
export const ReviewNotices = () => {
  const [notices, setNotices] = useState<OwnerNotice[]>([]);
  const liveStarts = useStore($liveStarts);
  useEffect(
    () =>
      onNotice((notice) =>
        setNotices((list) => [
          notice,
          // One reminder per listing: a newer one replaces the last.
          ...list.filter(
            (n) =>
              n.id !== notice.id &&
              !(
                notice.kind === 'expiry-reminder' &&
                n.kind === 'expiry-reminder' &&
                n.listingId === notice.listingId
              ),
          ),
        ]),
      ),
    [],
  );
  useEffect(() => {
    // Loaded again whenever the live stream (re)starts: it sends only the notices after that.
    // A failure leaves the dashboard as it was: the email carries the same notice.
    apiRoute('GET /reports/notices')
      .then((res) => setNotices(res.notices))
      .catch(() => undefined);
  }, [liveStarts]);
  if (notices.length === 0) return null;
  return (
    <section className="card" aria-labelledby="review-notices">
      <h2 id="review-notices">{text('dashboard.notices.title')}</h2>
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notices.map((n) =>
          n.kind === 'expiry-reminder' ? (
            <ExpiryReminder
              key={n.id}
              notice={n}
              onConfirmed={() => setNotices((list) => list.filter((x) => x.id !== n.id))}
            />
          ) : (
            <li key={n.id} className="alert alert-info">
              <strong>{text(HEADLINES[n.kind])}</strong>
              {n.title ? `: ${n.title}` : ''} — {n.reason}{' '}
              <span className="muted">({formatDate(n.at, pageLocale())})</span>
              {n.kind === 'fix-requested' && (
                <>
                  {' '}
                  <a href={pageHref(`/edit-property/${encodeURIComponent(n.listingId)}`)}>
                    {text('dashboard.notices.edit')}
                  </a>
                </>
              )}
            </li>
          ),
        )}
      </ul>
    </section>
  );
};
