import { useStore } from '@nanostores/react';
import { $viewMode, setViewMode, type ViewMode } from '../../stores/viewMode.ts';
import type { IconName } from '@rentals/core/ui/icons';
import { Icon } from '@rentals/core/ui/Icon.tsx';

const MODES: { mode: ViewMode & IconName; label: string }[] = [
  { mode: 'grid', label: 'Grid' },
  { mode: 'map', label: 'Map' },
];

export const ViewToggle = () => {
  const current = useStore($viewMode);
  return (
    <div className="segmented" role="group" aria-label="View mode">
      {MODES.map(({ mode, label }) => (
        <button
          key={mode}
          type="button"
          aria-pressed={current === mode}
          onClick={() => setViewMode(mode)}
        >
          <Icon name={mode} /> {label}
        </button>
      ))}
    </div>
  );
};
