import { Component, type ErrorInfo, type ReactNode } from 'react';
import { text } from '../../lib/i18n.ts';

/** The router-level fallback of SPEC §8: any island that throws shows this instead. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunk = /dynamically imported module|Importing a module script failed|chunk/i.test(
      this.state.error.message,
    );
    return (
      <div className="card center" role="alert">
        <h2>{text('common.error.title')}</h2>
        <p className="muted">{chunk ? text('common.error.chunk') : this.state.error.message}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {text('common.error.reload')}
        </button>
      </div>
    );
  }
}
