import type { ReactNode } from 'react';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import type { IconName } from '@rentals/core/ui/icons';
import { text as message } from '../../lib/i18n.ts';
import { Alert } from './Alert.tsx';
import { SkeletonGrid } from './ListStates.tsx';

export type EmptyProps = {
  title?: string;
  /** h3 where the state sits under a section's own h2. */
  heading?: 'h2' | 'h3';
  icon?: IconName;
  text: ReactNode;
  /** The way out of the empty state: a primary button. */
  action?: { href: string; label: string } | undefined;
  /** A card of its own, or none inside a section that is a card already. */
  card?: boolean;
};

/** What a list shows when it has nothing: why, and what to do instead. */
export const EmptyState = ({
  title,
  heading: Heading = 'h2',
  icon,
  text,
  action,
  card = true,
}: EmptyProps) => (
  <div className={card ? 'empty-state card' : 'empty-state'}>
    {icon && (
      <div className="empty-icon" aria-hidden="true">
        <Icon name={icon} />
      </div>
    )}
    {title && <Heading>{title}</Heading>}
    <p className="muted">{text}</p>
    {action && (
      <a className="button button-primary" href={action.href}>
        {action.label}
      </a>
    )}
  </div>
);

/** The empty states' usual ways out (functions: the label is the page's language, read while rendering). */
export const searchProperties = () => ({
  href: '/properties',
  label: message('common.searchProperties'),
});
export const listProperty = () => ({
  href: '/add-property',
  label: message('common.listProperty'),
});

/** A list being loaded: its error, skeleton cards meanwhile, its empty state, else the items. */
export const LoadedList = <T,>({
  items,
  error,
  skeletons,
  empty,
  children,
}: {
  items: T[] | null | undefined;
  error: string | null;
  skeletons: number;
  empty: EmptyProps;
  children: (items: T[]) => ReactNode;
}) => (
  <>
    <Alert className="alert alert-error" message={error} />
    {!error && !items && <SkeletonGrid count={skeletons} />}
    {items && (items.length === 0 ? <EmptyState {...empty} /> : children(items))}
  </>
);
