import { useStore } from '@nanostores/react';
import { text } from '../../../lib/i18n.ts';
import type { PropertyFormStore } from './formStore.ts';
import { PhotoPicker } from './PhotoPicker.tsx';

export const PropertyImages = ({ form }: { form: PropertyFormStore }) => {
  const kept = useStore(form.$kept);
  const files = useStore(form.$files);
  const errors = useStore(form.$photoErrors);
  return (
    <section className="card form-section">
      <h2>{text('propertyForm.images')}</h2>
      <PhotoPicker
        existing={kept}
        onRemoveExisting={form.removeKeptImage}
        files={files}
        onFilesChange={form.setFiles}
        errors={errors}
        onErrors={form.setPhotoErrors}
      />
    </section>
  );
};
