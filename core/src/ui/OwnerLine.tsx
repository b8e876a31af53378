import type { ReactNode } from 'react';
import type { LabelReader } from '../i18n/terms.ts';
import { initial, listerLabelIn } from './labels.ts';

/**
 * A card's foot: the owner's initial, name and whether an owner or a broker
 * lists it (in the language `t` reads), then what the card adds (views, '✓ Verified').
 */
export const OwnerLine = ({
  owner,
  t,
  children,
}: {
  owner: { name: string; role: string };
  t: LabelReader;
  children: ReactNode;
}) => (
  <div className="owner-line">
    <span className="avatar" aria-hidden="true">
      {initial(owner.name)}
    </span>
    <span>
      <span translate="no">{owner.name}</span>{' '}
      <span className="muted">· {listerLabelIn(t, owner.role)}</span>
    </span>
    {children}
  </div>
);
