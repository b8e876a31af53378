import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { text } from '../../../lib/i18n.ts';
import { Spinner } from '../Spinner.tsx';
import type { PropertyFormStore } from './formStore.ts';

// The form's last section, below the fold on a phone: the picker (previews, checks, drag and drop)
// loads after the form is up (site/scripts/checkBudgets.ts: 90 KB of JavaScript).
const PhotoPicker = lazy(async () => ({
  default: (await import('./PhotoPicker.tsx')).PhotoPicker,
}));

export const PropertyImages = ({ form }: { form: PropertyFormStore }) => {
  const kept = useStore(form.$kept);
  const files = useStore(form.$files);
  const errors = useStore(form.$photoErrors);
  return (
    <section className="card form-section">
      <h2>{text('propertyForm.images')}</h2>
      <Suspense fallback={<Spinner />}>
        <PhotoPicker
          existing={kept}
          onRemoveExisting={form.removeKeptImage}
          files={files}
          onFilesChange={form.setFiles}
          errors={errors}
          onErrors={form.setPhotoErrors}
        />
      </Suspense>
    </section>
  );
};
