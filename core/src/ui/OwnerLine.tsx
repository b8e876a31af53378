import type { ReactNode } from 'react';
import { initial, roleLabel } from './labels.ts';

/** A card's foot: the owner's initial, name and role, then what the card adds (views, '✓ Verified'). */
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
      {owner.name} <span className="muted">· {roleLabel(owner.role)}</span>
    </span>
    {children}
  </div>
);
