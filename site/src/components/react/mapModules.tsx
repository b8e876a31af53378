import { lazy, type ComponentType } from 'react';

/**
 * The map components live in islands/map/ (the maps feature). They are found
 * through import.meta.glob so each becomes its own lazily fetched chunk, and
 * so the site still builds on a checkout where one of them is missing.
 */
const modules = import.meta.glob<{ default: ComponentType<never> }>('../../islands/map/*.tsx');

const MissingMap = () => (
  <p className="alert alert-info" role="status">
    The map is not available in this build.
  </p>
);

export const lazyMap = <P,>(name: string) =>
  lazy(async () => {
    const load = modules[`../../islands/map/${name}.tsx`];
    if (!load) return { default: MissingMap as ComponentType<P> };
    const mod = await load();
    return { default: mod.default as ComponentType<P> };
  });
