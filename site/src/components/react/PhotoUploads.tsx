import type { Property } from '../../lib/types.ts';
import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { processingCount } from './photoProcessing.ts';
import './PhotoUploads.css';

type Upload = NonNullable<Property['photoUploads']>[number];

const Tile = ({ upload }: { upload: Upload }) => (
  <li
    className={`photo-upload photo-upload-${upload.status}`}
    data-testid={`photo-upload-${upload.status}`}
  >
    {upload.status === 'processing' ? (
      <>
        <span className="photo-upload-shimmer" aria-hidden="true" />
        <span className="photo-upload-name">{upload.name}</span>
        <span className="muted">{text('common.photoUploads.processing')}</span>
      </>
    ) : (
      <span role="alert">{upload.message}</span>
    )}
  </li>
);

/**
 * The owner's photos that are not among the listing's photos yet: a tile for
 * each one being processed, and why one could not be. Only its owner's
 * documents carry them; tenants never see these.
 */
export const PhotoUploads = ({ property }: { property: Property }) => {
  const uploads = property.photoUploads ?? [];
  if (uploads.length === 0) return null;
  const processing = processingCount(property);
  return (
    <section
      className="photo-uploads"
      aria-label={text('common.photoUploads.label')}
      aria-live="polite"
    >
      {processing > 0 && (
        <p className="muted" style={{ margin: 0 }}>
          {format('common.photoUploads.preparing', { n: processing })}
        </p>
      )}
      <ul className="photo-upload-list">
        {uploads.map((u) => (
          <Tile upload={u} key={u.id} />
        ))}
      </ul>
    </section>
  );
};
