import { useEffect, useId, useMemo } from 'react';
import type { PropertyImage } from '../../../lib/types.ts';
import { LIMITS, checkImageBatch } from '../../../lib/validation.ts';
import { fill, text } from '../../../lib/i18n.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';

type Props = {
  existing: PropertyImage[];
  onRemoveExisting: (image: PropertyImage) => void;
  files: File[];
  onFilesChange: (files: File[]) => void;
  errors: string[];
  onErrors: (errors: string[]) => void;
};

/** Why the last batch was refused, one line per problem. */
const PhotoErrors = ({ id, errors }: { id: string; errors: string[] }) =>
  errors.length > 0 && (
    <ul className="field-error" id={id} role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );

/** Photos: the spec's client checks on each picked batch, previews, removal. */
export const PhotoPicker = ({
  existing,
  onRemoveExisting,
  files,
  onFilesChange,
  errors,
  onErrors,
}: Props) => {
  const id = useId();
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const chosen = existing.length + files.length;

  const pick = (list: FileList | null) => {
    const batch = list ? [...list] : [];
    if (batch.length === 0) return;
    const problems = checkImageBatch(batch, chosen);
    onErrors(problems);
    if (problems.length === 0) onFilesChange([...files, ...batch]);
  };

  return (
    <div>
      <label className="label" htmlFor={`${id}-photos`}>
        {text('propertyForm.photos.add')}
      </label>
      <input
        id={`${id}-photos`}
        type="file"
        accept="image/jpeg,image/jpg,image/png,image/webp"
        multiple
        disabled={chosen >= LIMITS.images.max}
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
        aria-describedby={errors.length ? `${id}-photo-errors` : undefined}
      />
      <p className="muted" style={{ fontSize: '0.85rem' }}>
        {fill('propertyForm.photos.count', { chosen, max: LIMITS.images.max })}
      </p>
      <PhotoErrors id={`${id}-photo-errors`} errors={errors} />
      {chosen > 0 && (
        <div className="photo-grid">
          {existing.map((image, i) => (
            <figure key={image.id} data-testid="existing-photo">
              <img
                src={image.url}
                alt={image.caption || fill('propertyForm.photos.current', { n: i + 1 })}
                loading="lazy"
              />
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={fill('propertyForm.photos.removeCurrent', { n: i + 1 })}
                onClick={() => onRemoveExisting(image)}
              >
                <Icon name="close" />
              </button>
            </figure>
          ))}
          {files.map((file, i) => (
            <figure key={`${file.name}-${i}`} data-testid="new-photo">
              <img src={previews[i]} alt={fill('propertyForm.photos.new', { name: file.name })} />
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={fill('propertyForm.photos.removeNew', { name: file.name })}
                onClick={() => onFilesChange(files.filter((_, j) => j !== i))}
              >
                <Icon name="close" />
              </button>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
};
