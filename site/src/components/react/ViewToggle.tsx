import { useStore } from '@nanostores/react';
import { $viewMode, setViewMode, type ViewMode } from '../../stores/viewMode.ts';

const MODES: { mode: ViewMode; label: string }[] = [
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
          {mode === 'grid' ? '▦' : '🗺'} {label}
        </button>
      ))}
    </div>
  );
};
