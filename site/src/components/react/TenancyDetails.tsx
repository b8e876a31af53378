import type { Property } from '../../lib/types.ts';
import { notSpecified, tenancyRows } from '../../lib/tenancyText.ts';
import { text } from '../../lib/i18n.ts';

/** The tenancy terms on the detail page: every term, 'Not specified' where the owner gave none. */
export const TenancyDetails = ({ property }: { property: Property }) => (
  <section className="card" aria-labelledby="tenancy-terms">
    <h2 id="tenancy-terms" style={{ fontSize: '1.1rem' }}>
      {text('detail.tenancy')}
    </h2>
    <dl className="tenancy-terms" data-testid="tenancy-terms">
      {tenancyRows(property).map(([label, text]) => (
        <div key={label}>
          <dt className="muted">{label}</dt>
          <dd className={text === notSpecified() ? 'muted' : undefined}>{text}</dd>
        </div>
      ))}
    </dl>
  </section>
);
