import type { SelectHTMLAttributes } from 'react';
import { text } from '../../lib/i18n.ts';
import { ALERT_OPTIONS, type AlertChoice } from '../../lib/savedSearches.ts';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: AlertChoice;
  onChange: (choice: AlertChoice) => void;
};

/** How a saved search alerts its owner: one of SPEC's choices, in their order. */
export const AlertSelect = ({ value, onChange, ...select }: Props) => (
  <select {...select} value={value} onChange={(e) => onChange(e.target.value as AlertChoice)}>
    {ALERT_OPTIONS.map((o) => (
      <option key={o.value} value={o.value}>
        {text(o.label)}
      </option>
    ))}
  </select>
);
