import { useEffect, useState } from 'react';
import { agreementLets, agreementPath, type AgreementLet } from '../../lib/agreements.ts';
import { fill, pageHref, text } from '../../lib/i18n.ts';

/**
 * "Your rental agreement" on the tenant's dashboard (issue 44), for each home
 * let to them on the platform. Nothing when there is none.
 */
export default function AgreementLinks() {
  const [lets, setLets] = useState<AgreementLet[]>([]);
  useEffect(() => {
    void agreementLets().then((all) => setLets(all.filter((x) => x.role === 'tenant')));
  }, []);
  if (lets.length === 0) return null;
  return (
    <section className="card" aria-labelledby="your-agreements" data-testid="your-agreements">
      <h2 id="your-agreements">{text('dashboard.agreement')}</h2>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' }}>
        {lets.map((x) => (
          <li key={x.letId}>
            <a href={pageHref(agreementPath(x.letId))}>
              <span translate="no">{x.listingTitle}</span>
            </a>
            <div className="muted">{fill('dashboard.agreementOwner', { name: x.withName })}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
