import { useEffect, useState } from 'react';
import { describeError, apiRoute } from '../../lib/api.ts';
import '../../islands/admin.css';

/**
 * A listing's verification on its detail page: the badge for everyone, and
 * for an admin the button that verifies it or revokes it (the listing's own
 * PATCH /properties/:id/verify).
 */
export const VerifyControl = (props: { listingId: string; verified: boolean; admin: boolean }) => {
  const [verified, setVerified] = useState(props.verified);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => setVerified(props.verified), [props.verified]);

  const toggle = async () => {
    setBusy(true);
    setError('');
    try {
      const { property } = await apiRoute('PATCH /properties/:id/verify', {
        params: { id: props.listingId },
        json: { isVerified: !verified },
      });
      setVerified(property.isVerified);
    } catch (e) {
      setError(describeError(e, 'The verification could not be changed.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="verify-control">
      <span className={`badge ${verified ? 'badge-listed' : 'badge-pending'}`}>
        {verified ? 'Verified' : 'Pending'}
      </span>
      {props.admin && (
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => void toggle()}
        >
          {verified ? 'Unverify' : 'Verify'}
        </button>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
};
