import type { ReactNode, RefObject } from 'react';

/** A form field: its label, the control (and what follows it, such as a counter), then its error. */
export const Field = ({
  id,
  label,
  error,
  children,
}: {
  /** The control's id. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) => (
  <div className="field">
    <label htmlFor={id}>{label}</label>
    {children}
    {error ? (
      <p className="field-error" id={`${id}-error`}>
        {error}
      </p>
    ) : null}
  </div>
);

/** While the control with this id has an error: marked invalid, and described by the error. */
export const errorAria = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** Focuses the first of `fields` (in form order) that has an error; true when one had. */
export const focusFirstError = <F extends string>(
  fields: readonly F[],
  errors: Partial<Record<F, string | undefined>>,
  refs: Record<F, RefObject<HTMLInputElement | null>>,
): boolean => {
  const first = fields.find((f) => errors[f]);
  if (first) refs[first].current?.focus();
  return first !== undefined;
};
