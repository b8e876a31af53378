import { useStore } from '@nanostores/react';
import type { PropertyFormStore } from './formStore.ts';

/** The form's heading, with the success message or the list of what went wrong under it. */
export const SubmissionStatus = ({ form }: { form: PropertyFormStore }) => {
  const status = useStore(form.$status);
  return (
    <>
      <h1 id={`${form.id}-heading`}>
        {form.mode === 'create' ? 'Add New Property' : 'Edit Property'}
      </h1>
      {status.kind === 'success' && (
        <p className="alert alert-success" role="status">
          {form.mode === 'create'
            ? 'Property created successfully!'
            : 'Property updated successfully!'}
        </p>
      )}
      {status.kind === 'failed' && (
        <div className="alert alert-error" role="alert">
          <strong>There were errors with your submission</strong>
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
