import { Fragment, type ReactNode } from 'react';

/**
 * A rich message's parts (translator.rich) as React children: each part
 * keyed by its place, which never changes for one message, so React can
 * render the array without a warning.
 */
export const richNodes = (parts: ReactNode[]): ReactNode =>
  parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
