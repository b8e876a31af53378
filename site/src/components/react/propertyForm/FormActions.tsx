import { useStore } from '@nanostores/react';
import type { PropertyFormStore } from './formStore.ts';

const LABELS = {
  create: { idle: 'Create Property', busy: 'Creating Property...' },
  edit: { idle: 'Update Property', busy: 'Updating Property...' },
} as const;

/** Cancel, and the submit button: disabled while sending and after success (the page moves on). */
export const FormActions = ({ form }: { form: PropertyFormStore }) => {
  const status = useStore(form.$status);
  const labels = LABELS[form.mode];
  return (
    <div className="form-actions">
      <a className="button" href="/my-properties">
        Cancel
      </a>
      <button
        type="submit"
        className="button button-primary"
        disabled={status.kind === 'submitting' || status.kind === 'success'}
      >
        {status.kind === 'submitting' ? labels.busy : labels.idle}
      </button>
    </div>
  );
};
