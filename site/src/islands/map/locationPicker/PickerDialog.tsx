import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../../../components/react/useModal.ts';
import { text } from '../../../lib/i18n.ts';

/**
 * The picker's modal: a backdrop that closes it, Escape, and the title with
 * its close button. A portal keeps it out of the property form's DOM (no
 * nested forms, no inherited layout).
 */
export const PickerDialog = ({
  onClose,
  children,
}: {
  onClose: () => void;
  children: ReactNode;
}) => {
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, (e) => {
    if (e.key === 'Escape') onClose();
  });
  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="dialog map-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby="map-picker-title"
        tabIndex={-1}
      >
        <div className="row-between">
          <h2 id="map-picker-title">{text('propertyForm.picker.title')}</h2>
          <button
            type="button"
            className="link-button"
            aria-label={text('propertyForm.picker.close')}
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
};
