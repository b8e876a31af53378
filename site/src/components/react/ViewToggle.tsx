import { useStore } from '@nanostores/react';
import { $viewMode, setViewMode, type ViewMode } from '../../stores/viewMode.ts';
import type { IconName } from '@rentals/core/ui/icons';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { text } from '../../lib/i18n.ts';

const MODES: { mode: ViewMode & IconName; label: MessageId }[] = [
  { mode: 'grid', label: 'results.view.grid' },
  { mode: 'map', label: 'results.view.map' },
];

export const ViewToggle = () => {
  const current = useStore($viewMode);
  return (
    <div className="segmented" role="group" aria-label={text('results.view.group')}>
      {MODES.map(({ mode, label }) => (
        <button
          key={mode}
          type="button"
          aria-pressed={current === mode}
          onClick={() => setViewMode(mode)}
        >
          <Icon name={mode} /> {text(label)}
        </button>
      ))}
    </div>
  );
};
