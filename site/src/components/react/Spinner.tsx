export const Spinner = ({ label = 'Loading' }: { label?: string }) => (
  <div className="loading-block">
    <span className="spinner" role="status" aria-label={label} />
  </div>
);
