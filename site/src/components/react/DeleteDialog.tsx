import { useRef } from 'react';
import { useModal } from './useModal.ts';

type Props = { title: string; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** 'Delete Property' confirmation: Escape or a click on the backdrop closes it. */
export const DeleteDialog = ({ title, busy, onConfirm, onCancel }: Props) => {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useModal(cancelRef, (event) => {
    if (event.key === 'Escape') onCancel();
  });
  return (
    <div
      className="dialog-backdrop"
      data-testid="dialog-backdrop"
      onClick={(e) => e.target === e.currentTarget && onCancel()}
    >
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
      >
        <h2 id="delete-title">Delete Property</h2>
        <p id="delete-text">
          Are you sure you want to delete &quot;{title}&quot;? This action cannot be undone and all
          property data will be permanently removed.
        </p>
        <div className="dialog-actions">
          <button
            ref={cancelRef}
            type="button"
            className="button"
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? 'Deleting...' : 'Delete Property'}
          </button>
        </div>
      </div>
    </div>
  );
};
