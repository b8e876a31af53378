/** Loaded only when a visitor opens the map on /browse: React and the map come with it. */
import { createRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { MapPanel } from '../components/react/MapPanel.tsx';
import type { Filters } from '../lib/filters.ts';
import type { PublicProperty } from '../lib/types.ts';

let root: Root | undefined;

export const renderBrowseMap = (
  container: HTMLElement,
  filters: Filters,
  properties: PublicProperty[],
): void => {
  root ??= createRoot(container);
  root.render(
    <ErrorBoundary>
      <MapPanel filters={filters} properties={properties} visitor />
    </ErrorBoundary>,
  );
};
