import { useEffect, useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
import { downloadAgreement, type Agreement } from '../../lib/agreements.ts';
import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { Alert } from '../../components/react/Alert.tsx';
import { Spinner } from '../../components/react/Spinner.tsx';
import { TermsForm, TermsList } from './TermsForm.tsx';

/** The Model Tenancy Act's checks, warnings first, in plain words from the API. */
const Checks = ({ a }: { a: Agreement }) => (
  <section className="card" aria-labelledby="agreement-checks" data-testid="agreement-checks">
    <h2 id="agreement-checks">{text('agreements.checks')}</h2>
    {a.checks.map((c) => (
      <p
        key={c.id}
        className={c.level === 'warning' ? 'alert alert-error' : undefined}
        data-level={c.level}
      >
        {c.text}
      </p>
    ))}
    <p className="muted">{text('agreements.notLegalAdvice')}</p>
  </section>
);

const StateNote = ({ a }: { a: Agreement }) => (
  <section className="card" aria-labelledby="agreement-state">
    <h2 id="agreement-state">{text('agreements.stateHeading')}</h2>
    <p>{a.stateNote.text}</p>
    {a.stateNote.link && (
      <p>
        <a href={a.stateNote.link.url} target="_blank" rel="noopener noreferrer external">
          {a.stateNote.link.text}
        </a>
      </p>
    )}
  </section>
);

/** Who has confirmed, the caller's confirm button, and the downloads once both have. */
const Confirmation = ({ a, onChange }: { a: Agreement; onChange: (a: Agreement) => void }) => {
  const [error, setError] = useState<string | null>(null);
  const other = a.role === 'owner' ? 'tenant' : 'owner';
  const mine = a.confirmed[a.role];
  const act = (run: () => Promise<unknown>) => () => {
    setError(null);
    run().catch((e: unknown) => setError(describeError(e, text('agreements.failed'))));
  };
  const confirm = act(async () => {
    const res = await apiRoute('POST /agreements/:letId/confirm', {
      params: { letId: a.letId },
      json: { termsSetAt: a.termsSetAt },
    });
    onChange(res.agreement);
  });
  if (!a.termsSet) return <p className="muted">{text('agreements.noTerms')}</p>;
  return (
    <section className="card" data-testid="agreement-confirmation">
      <p>{mine ? text('agreements.confirmedByYou') : null}</p>
      <p>
        {a.confirmed[other]
          ? format('agreements.confirmedByOther', { by: other })
          : format('agreements.waitingFor', { by: other })}
      </p>
      {!mine && (
        <button type="button" className="button" onClick={confirm}>
          {text('agreements.confirm')}
        </button>
      )}
      {a.ready ? (
        <div className="card-actions">
          <p>{text('agreements.ready')}</p>
          <button
            type="button"
            className="button"
            onClick={act(() => downloadAgreement(a.letId, 'en'))}
          >
            {text('agreements.downloadEn')}
          </button>
          <button
            type="button"
            className="button"
            lang="hi"
            onClick={act(() => downloadAgreement(a.letId, 'hi'))}
          >
            {text('agreements.downloadHi')}
          </button>
        </div>
      ) : (
        <p className="muted">{text('agreements.downloadNote')}</p>
      )}
      <Alert message={error} className="alert alert-error" />
    </section>
  );
};

/** One let's rental agreement (issue 44): `?let=<letId>`; only its owner and tenant see it. */
export default function AgreementScreen() {
  const [a, setA] = useState<Agreement | null | 'missing'>(null);
  useEffect(() => {
    const letId = new URLSearchParams(window.location.search).get('let') ?? '';
    apiRoute('GET /agreements/:letId', { params: { letId } })
      .then((r) => setA(r.agreement))
      .catch(() => setA('missing'));
  }, []);
  if (a === null) return <Spinner />;
  if (a === 'missing') return <p className="alert alert-error">{text('agreements.noLet')}</p>;
  return (
    <div className="stack" data-testid="agreement">
      <h1>{text('agreements.title')}</h1>
      <p>
        <strong translate="no">{a.listingTitle}</strong>
        <span
          className="muted"
          translate="no"
        >{` · ${[a.area, a.city].filter(Boolean).join(', ')}`}</span>
      </p>
      <p className="muted">{text('agreements.intro')}</p>
      <section className="card" aria-label={text('agreements.title')}>
        {a.role === 'owner' ? (
          <TermsForm key={JSON.stringify(a.terms)} letId={a.letId} terms={a.terms} onSaved={setA} />
        ) : a.termsSet ? (
          <TermsList terms={a.terms} />
        ) : null}
      </section>
      <Confirmation a={a} onChange={setA} />
      <Checks a={a} />
      <StateNote a={a} />
    </div>
  );
}
