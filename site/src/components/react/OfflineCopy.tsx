import type { ReactNode } from 'react';
import type { CopyNote } from '../../lib/offlineRead.ts';

/**
 * A saved copy on screen: the honest note above it, and every button inside it switched off
 * (a disabled fieldset), since what they do needs the network. Links still open.
 */
export const OfflineCopy = ({ copy, children }: { copy: CopyNote | null; children: ReactNode }) =>
  copy ? (
    <>
      <p className="alert alert-info" role="status" data-testid="offline-copy">
        {copy.note} {copy.reason}
      </p>
      <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </>
  ) : (
    <>{children}</>
  );
