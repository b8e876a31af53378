import { useEffect, useState } from 'react';
import { describeError, apiRoute } from '../../lib/api.ts';
import { useBusy } from './useBusy.ts';
import '../../islands/admin.css';
import { BusyButton } from './BusyButton.tsx';
import { text } from '../../lib/i18n.ts';

/**
 * A listing's verification on its detail page: the badge for everyone, and
 * for an admin the button that verifies it or revokes it (the listing's own
 * PATCH /properties/:id/verify).
 */
export const VerifyControl = (props: { listingId: string; verified: boolean; admin: boolean }) => {
  const [verified, setVerified] = useState(props.verified);
  const { busy, run } = useBusy();
  const [error, setError] = useState('');
  useEffect(() => setVerified(props.verified), [props.verified]);

  const toggle = () => {
    setError('');
    return run(
      async () => {
        const { property } = await apiRoute('PATCH /properties/:id/verify', {
          params: { id: props.listingId },
          json: { isVerified: !verified },
        });
        setVerified(property.isVerified);
      },
      (e) => setError(describeError(e, text('detail.verify.failed'))),
    );
  };

  return (
    <span className="verify-control">
      <span className={`badge ${verified ? 'badge-listed' : 'badge-pending'}`}>
        {text(verified ? 'detail.verify.verified' : 'detail.verify.pending')}
      </span>
      {props.admin && (
        <BusyButton className="button button-small" busy={busy} onClick={() => void toggle()}>
          {text(verified ? 'detail.verify.unverify' : 'detail.verify.verify')}
        </BusyButton>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
};
