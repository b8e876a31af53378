/** A message announced at once (role="alert") while there is one: `field-error` under a control, `alert alert-error` for a screen. */
export const Alert = ({
  message,
  className,
}: {
  message: string | null | undefined;
  className: 'field-error' | 'alert alert-error' | 'alert alert-success' | 'map-nav-error';
}) =>
  message ? (
    <p className={className} role="alert">
      {message}
    </p>
  ) : null;
