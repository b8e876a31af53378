import type { Projection } from './runner/projection.ts';

/** Every projection the projections process runs, by name. Read models register here. */
export const projections: Projection[] = [];

export const projectionByName = (name: string) => projections.find((p) => p.name === name);
