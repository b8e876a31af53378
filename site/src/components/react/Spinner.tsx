import { text } from '../../lib/i18n.ts';

export const Spinner = ({ label }: { label?: string }) => (
  <div className="loading-block">
    <span className="spinner" role="status" aria-label={label ?? text('common.loading')} />
  </div>
);
