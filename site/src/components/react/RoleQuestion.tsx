import { useEffect, useState } from 'react';
import { describeError, apiRoute } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
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
      setError(describeError(e, text('dashboard.role.failed')));
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
        {text('dashboard.role.title')}
      </h2>
      <p className="muted" style={{ marginTop: 0 }}>
        {text('dashboard.role.text')}
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
          {text('dashboard.role.owner')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void answer('broker')}
        >
          {text('dashboard.role.broker')}
        </button>
      </div>
    </section>
  );
};
