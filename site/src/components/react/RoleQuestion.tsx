import { useEffect, useState } from 'react';
import { describeError, apiRoute } from '../../lib/api.ts';
import { $auth } from '../../stores/auth.ts';

/**
 * 'Are you the owner or a broker?' on a homeowner's dashboard when our team
 * asked, or when their listings look like a broker's (issue 41). 'I am a
 * broker' lists the account and every listing of it as a broker's; 'I am the
 * owner' is recorded. Either way the question goes away.
 */
export const RoleQuestion = () => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    apiRoute('GET /lister-role/question')
      .then((q) => setOpen(q.open))
      .catch(() => setOpen(false));
  }, []);
  const answer = async (role: 'owner' | 'broker') => {
    setBusy(true);
    setError('');
    try {
      const done = await apiRoute('POST /lister-role/answer', { json: { answer: role } });
      setAnswered(done.text);
      setOpen(false);
      const { user } = await apiRoute('GET /auth/me');
      $auth.set({ status: 'authenticated', user });
    } catch (e) {
      setError(describeError(e, 'Your answer was not saved; please try again.'));
    } finally {
      setBusy(false);
    }
  };
  if (answered)
    return (
      <p className="alert alert-info" role="status">
        {answered}
      </p>
    );
  if (!open) return null;
  return (
    <section
      className="card role-question"
      aria-labelledby="role-question"
      data-testid="role-question"
    >
      <h2 id="role-question" style={{ fontSize: '1.1rem' }}>
        Are you the owner or a broker?
      </h2>
      <p className="muted" style={{ marginTop: 0 }}>
        Tenants see whether an owner or a broker lists a home. Your listings look like a broker’s to
        us, or our team asked. Please tell us which you are.
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="quick-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void answer('owner')}
        >
          I am the owner
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void answer('broker')}
        >
          I am a broker
        </button>
      </div>
    </section>
  );
};
