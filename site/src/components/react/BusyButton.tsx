import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  type?: 'button' | 'submit';
  /** True while its action runs (see useBusy). */
  busy: boolean;
  /** What it says meanwhile, if other than its label. */
  busyLabel?: ReactNode;
};

/** A button for an async action: disabled while the action runs, so it cannot run twice. */
export const BusyButton = ({
  type = 'button',
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: Props) => (
  <button type={type} {...button} disabled={busy || disabled}>
    {busy && busyLabel !== undefined ? busyLabel : children}
  </button>
);
