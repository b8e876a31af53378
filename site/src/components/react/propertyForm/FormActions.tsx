import { useStore } from '@nanostores/react';
import { pageHref, text } from '../../../lib/i18n.ts';
import type { PropertyFormStore } from './formStore.ts';

const LABELS = {
  create: { idle: 'propertyForm.create', busy: 'propertyForm.creating' },
  edit: { idle: 'propertyForm.update', busy: 'propertyForm.updating' },
} as const;

/** Cancel, and the submit button: disabled while sending and after success (the page moves on). */
export const FormActions = ({ form }: { form: PropertyFormStore }) => {
  const status = useStore(form.$status);
  const labels = LABELS[form.mode];
  return (
    <div className="form-actions">
      <a className="button" href={pageHref('/my-properties')}>
        {text('common.cancel')}
      </a>
      <button
        type="submit"
        className="button button-primary"
        disabled={status.kind === 'submitting' || status.kind === 'success'}
      >
        {text(status.kind === 'submitting' ? labels.busy : labels.idle)}
      </button>
    </div>
  );
};
