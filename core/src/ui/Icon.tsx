import { ICON_PATHS, type IconName } from './icons.ts';

/** One of the site's outline icons (icons.ts); decorative, so hidden from screen readers. */
export const Icon = ({ name }: { name: IconName }) => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d={ICON_PATHS[name]} />
  </svg>
);
