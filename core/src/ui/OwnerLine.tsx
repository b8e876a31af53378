import type { ReactNode } from 'react';
import { initial, listerLabel } from './labels.ts';

/** A card's foot: the owner's initial, name and whether an owner or a broker lists it, then what the card adds (views, '✓ Verified'). */
export const OwnerLine = ({
  owner,
  children,
}: {
  owner: { name: string; role: string };
  children: ReactNode;
}) => (
  <div className="owner-line">
    <span className="avatar" aria-hidden="true">
      {initial(owner.name)}
    </span>
    <span>
      {owner.name} <span className="muted">· {listerLabel(owner.role)}</span>
    </span>
    {children}
  </div>
);
