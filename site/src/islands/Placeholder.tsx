import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { Guarded } from '../components/react/Guarded.tsx';

type Props = { title: string; text: string; icon: string };

/** Signed-in placeholders (SPEC §1) for pages not built yet. */
export default function Placeholder({ title, text, icon }: Props) {
  return (
    <ErrorBoundary>
      <Guarded>
        {() => (
          <div className="empty-state card">
            <div className="empty-icon" aria-hidden="true">
              {icon}
            </div>
            <h1>{title}</h1>
            <p className="muted">{text}</p>
            <a className="button button-primary" href="/dashboard">
              Back to Dashboard
            </a>
          </div>
        )}
      </Guarded>
    </ErrorBoundary>
  );
}
