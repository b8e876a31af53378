import { useEffect, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import { fill, text } from '../../lib/i18n.ts';

/**
 * On the edit form, what our team asked the owner to correct (the bell's and
 * the email's 'Please correct your listing' lead here), until the listing is
 * edited after the request.
 */
export const FixRequested = ({ listingId, editedAt }: { listingId: string; editedAt: string }) => {
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    apiRoute('GET /reports/notices')
      .then(({ notices }) => {
        // Newest first: the latest request is the one that counts.
        const asked = notices.find((n) => n.kind === 'fix-requested' && n.listingId === listingId);
        if (asked && Date.parse(asked.at) >= Date.parse(editedAt)) setReason(asked.reason);
      })
      // The email and the dashboard carry the same request.
      .catch(() => undefined);
  }, [listingId, editedAt]);
  if (!reason) return null;
  return (
    <div className="alert alert-info" role="status" data-testid="fix-requested">
      <strong>{text('propertyForm.fixRequested.title')}</strong>{' '}
      {fill('propertyForm.fixRequested.asked', { reason })}
    </div>
  );
};
