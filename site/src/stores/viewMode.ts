/** Grid or map for the listing screens; grid first so the map's code loads only on demand. */
import { atom } from 'nanostores';

export type ViewMode = 'grid' | 'map';

export const $viewMode = atom<ViewMode>('grid');

export const setViewMode = (mode: ViewMode): void => $viewMode.set(mode);
