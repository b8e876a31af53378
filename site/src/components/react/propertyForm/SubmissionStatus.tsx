import { useStore } from '@nanostores/react';
import { text } from '../../../lib/i18n.ts';
import type { PropertyFormStore } from './formStore.ts';

/** The form's heading, with the success message or the list of what went wrong under it. */
export const SubmissionStatus = ({ form }: { form: PropertyFormStore }) => {
  const status = useStore(form.$status);
  return (
    <>
      <h1 id={`${form.id}-heading`}>
        {text(form.mode === 'create' ? 'propertyForm.heading.create' : 'propertyForm.heading.edit')}
      </h1>
      {status.kind === 'success' && (
        <p className="alert alert-success" role="status">
          {text(form.mode === 'create' ? 'propertyForm.created' : 'propertyForm.updated')}
        </p>
      )}
      {status.kind === 'failed' && (
        <div className="alert alert-error" role="alert">
          <strong>{text('propertyForm.failedTitle')}</strong>
          <ul>
            {status.messages.map((m, i) => (
              <li key={`${i}-${m}`}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
};
