import type { KeyboardEvent, ReactNode } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { text } from '../../../lib/i18n.ts';

export type Tab = 'map' | 'search' | 'manual';
const TABS: { id: Tab; label: MessageId }[] = [
  { id: 'map', label: 'propertyForm.picker.tab.map' },
  { id: 'search', label: 'propertyForm.picker.tab.search' },
  { id: 'manual', label: 'propertyForm.picker.tab.manual' },
];

export const TabList = ({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) => (
  <div className="segmented" role="tablist" aria-label={text('propertyForm.picker.tabs')}>
    {TABS.map((t) => (
      <button
        key={t.id}
        type="button"
        role="tab"
        id={`map-picker-tab-${t.id}`}
        aria-selected={tab === t.id}
        aria-controls={`map-picker-panel-${t.id}`}
        onClick={() => onChange(t.id)}
      >
        {text(t.label)}
      </button>
    ))}
  </div>
);

/** A tab's panel; hidden, not unmounted, so the map keeps its state across tabs. */
export const TabPanel = ({
  id,
  shown,
  children,
}: {
  id: Tab;
  shown: boolean;
  children: ReactNode;
}) => (
  <div
    id={`map-picker-panel-${id}`}
    role="tabpanel"
    aria-labelledby={`map-picker-tab-${id}`}
    hidden={!shown}
  >
    {children}
  </div>
);

/** Enter in a field acts as its button: the picker has no <form>, because it opens inside the property form. */
export const onEnter = (action: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  action();
};
