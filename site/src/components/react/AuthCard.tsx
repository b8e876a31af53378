import type { ReactNode } from 'react';
import { text } from '../../lib/i18n.ts';
import { BusyButton } from './BusyButton.tsx';

/** The sign-in pages' card: its heading, then the form or the message. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="card auth-card">
    <h1>{title}</h1>
    {children}
  </div>
);

/** An auth form's full-width submit button, saying what it does while it does it. */
export const AuthSubmit = (props: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: string;
}) => (
  <BusyButton
    type="submit"
    className="button button-primary"
    style={{ width: '100%' }}
    {...props}
  />
);

export const BackToSignIn = () => (
  <p className="center">
    <a href="/login">{text('auth.backToSignIn')}</a>
  </p>
);
