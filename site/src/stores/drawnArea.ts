/**
 * The area drawn on the search page's map: the list and the map search
 * within it, and 'Save this search' keeps it. Set by finishing a drawing on
 * the map, or by opening a saved search that has one.
 */
import { atom } from 'nanostores';
import type { DrawnArea } from '../lib/drawnArea.ts';

export const $drawnArea = atom<DrawnArea | null>(null);

export const setDrawnArea = (area: DrawnArea): void => $drawnArea.set(area);

export const clearDrawnArea = (): void => $drawnArea.set(null);
