import { useStore } from '@nanostores/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorAria, Field } from '../Field.tsx';
import { amountEcho } from '../../../lib/amounts.ts';
import type { PropertyFormField } from '../../../lib/validation.ts';
import type { PropertyFormStore } from './formStore.ts';

type FieldProps = { form: PropertyFormStore; name: PropertyFormField };

/** The control's id and name, and while it has an error the attributes that tie the error to it. */
export const useControl = ({ form, name }: FieldProps) => {
  const error = useStore(form.$errors)[name];
  const id = `${form.id}-${name}`;
  return { id, error, props: { id, name, ...errorAria(id, error) } };
};

type InputFieldProps = FieldProps & {
  label: string;
  /** Rewrites what is typed before it is kept (the pin code drops everything but digits). */
  clean?: (raw: string) => string;
  /** A number left blank reads 0 once the field is left (SPEC §2). */
  zeroWhenBlank?: boolean;
  after?: ReactNode;
} & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'form' | 'id' | 'name' | 'value' | 'onChange' | 'onBlur'
  >;

export const InputField = ({
  form,
  name,
  label,
  clean = (raw) => raw,
  zeroWhenBlank = false,
  after,
  ...input
}: InputFieldProps) => {
  const value = useStore(form.$values)[name];
  const { id, error, props } = useControl({ form, name });
  const { 'aria-describedby': describedBy, ...rest } = input;
  // The error and a hint of the caller's (the amount a money field read) both describe it.
  const described = [error ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} error={error}>
      <input
        {...props}
        value={value}
        onChange={(e) => form.setField(name, clean(e.target.value))}
        onBlur={zeroWhenBlank ? () => value.trim() === '' && form.setField(name, '0') : undefined}
        {...rest}
        aria-describedby={described || undefined}
      />
      {after}
    </Field>
  );
};

/** A choice from a list; `blank`, when given, is a first option that leaves the field empty. */
export const SelectField = ({
  form,
  name,
  label,
  options,
  blank,
}: FieldProps & {
  label: string;
  options: readonly (readonly [value: string, label: string])[];
  blank?: string;
}) => {
  const value = useStore(form.$values)[name];
  const { id, error, props } = useControl({ form, name });
  return (
    <Field id={id} label={label} error={error}>
      <select {...props} value={value} onChange={(e) => form.setField(name, e.target.value)}>
        {blank !== undefined && <option value="">{blank}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
};

/** A whole number from 0 up, as the rent and the property details take. */
export const NumberField = (props: Omit<InputFieldProps, 'zeroWhenBlank'>) => (
  <InputField type="number" min="0" inputMode="numeric" zeroWhenBlank {...props} />
);

/**
 * An amount of rupees, typed as people write it ('25000', '25,000', '25k',
 * '1.5 lakh', '२५ हज़ार', '೨೫k'): a text input, since a number input refuses
 * all but the first, with the amount it read said quietly under it ('₹25,000
 * per month') when what was typed is not plain digits.
 */
export const RupeeField = ({
  per,
  ...props
}: Omit<InputFieldProps, 'after' | 'type' | 'inputMode'> & {
  /** After the amount in the hint: 'per month'. */
  per?: string | undefined;
}) => {
  const value = useStore(props.form.$values)[props.name];
  const echo = amountEcho(value);
  const hintId = `${props.form.id}-${props.name}-amount`;
  return (
    <InputField
      type="text"
      autoComplete="off"
      spellCheck={false}
      aria-describedby={echo ? hintId : undefined}
      after={
        echo ? (
          <p className="muted" id={hintId} style={{ margin: '0.25rem 0 0' }}>
            {per ? `${echo} ${per}` : echo}
          </p>
        ) : null
      }
      {...props}
    />
  );
};

export const Checkbox = ({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) => (
  <label className="checkbox">
    <input
      type="checkbox"
      name={name}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />{' '}
    {label}
  </label>
);

/** 'n/max', orange above `warnAbove`. */
export const Counter = ({
  length,
  max,
  warnAbove,
}: {
  length: number;
  max: number;
  warnAbove: number;
}) => (
  <span className={`counter ${length > warnAbove ? 'counter-warn' : ''}`} aria-live="polite">
    {length}/{max}
  </span>
);
