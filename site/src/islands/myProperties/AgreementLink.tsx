import { useEffect, useState } from 'react';
import { agreementLets, agreementPath, type AgreementLet } from '../../lib/agreements.ts';
import { pageHref, text } from '../../lib/i18n.ts';

/**
 * "Rental agreement" on a let listing's card in My Properties (issue 44):
 * shown when the listing was let to a tenant on the platform. One small
 * component so it can sit wherever the listing's "Let" card ends up.
 */
const AgreementLink = ({ listingId }: { listingId: string }) => {
  const [found, setFound] = useState<AgreementLet | null>(null);
  useEffect(() => {
    void agreementLets().then((all) =>
      setFound(all.find((x) => x.listingId === listingId && x.role === 'owner') ?? null),
    );
  }, [listingId]);
  if (!found) return null;
  return (
    <a className="button button-small" href={pageHref(agreementPath(found.letId))}>
      {text('myProperties.agreement')}
    </a>
  );
};

export default AgreementLink;
