/** Loaded only when a visitor opens the map on /browse: React and the map come with it. */
import { createRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { MapPanel } from '../components/react/MapPanel.tsx';
import type { PublicProperty } from '../lib/types.ts';

let root: Root | undefined;

export const renderBrowseMap = (container: HTMLElement, properties: PublicProperty[]): void => {
  root ??= createRoot(container);
  root.render(
    <ErrorBoundary>
      <MapPanel properties={properties} visitor />
    </ErrorBoundary>,
  );
};
