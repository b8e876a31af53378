import { useRef } from 'react';
import { fill, text } from '../../lib/i18n.ts';
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
        <h2 id="delete-title">{text('myProperties.delete.title')}</h2>
        <p id="delete-text">{fill('myProperties.delete.text', { title })}</p>
        <div className="dialog-actions">
          <button
            ref={cancelRef}
            type="button"
            className="button"
            onClick={onCancel}
            disabled={busy}
          >
            {text('common.cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={onConfirm}
            disabled={busy}
          >
            {text(busy ? 'myProperties.delete.busy' : 'myProperties.delete.title')}
          </button>
        </div>
      </div>
    </div>
  );
};
