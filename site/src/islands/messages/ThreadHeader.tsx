import { lazy, Suspense } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { apiRoute, describeError } from '../../lib/api.ts';
import { fill, text } from '../../lib/i18n.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { useBusy } from '../../components/react/useBusy.ts';
import { Thumb } from './Thumb.tsx';
import { BusyButton } from '../../components/react/BusyButton.tsx';

// After the thread: booking a visit is not needed for the page's first view (its weight budget).
const VisitPanel = lazy(() => import('./VisitPanel.tsx'));

type Props = {
  c: Conversation;
  onChanged: (c: Conversation) => void;
  onBack: () => void;
  setError: (error: string) => void;
};

/** Archive or block (or undo either); a failure shows in the thread. */
const useConversationAction = ({ c, onChanged, setError }: Props) => {
  const { busy, run } = useBusy();
  const act = (path: 'archive' | 'block', undo: boolean) =>
    run(
      async () => {
        const route = `${undo ? 'DELETE' : 'POST'} /conversations/:id/${path}` as const;
        const { conversation } = await apiRoute(route, { params: { id: c.id } });
        onChanged(conversation);
      },
      (e) => setError(describeError(e, text('messages.thread.actionFailed'))),
    );
  return { busy, act };
};

/** The header's two switches: each button does its action, or undoes it once done. */
const ACTIONS = [
  {
    path: 'archive',
    done: (c: Conversation) => c.archived,
    label: 'messages.thread.archive',
    undoLabel: 'messages.thread.unarchive',
  },
  {
    path: 'block',
    done: (c: Conversation) => c.blockedByMe,
    label: 'messages.thread.block',
    undoLabel: 'messages.thread.unblock',
  },
] as const satisfies readonly {
  path: string;
  done: unknown;
  label: MessageId;
  undoLabel: MessageId;
}[];

/** The thread's listing, counterpart, its Archive and Block buttons, and its visit. */
export const ThreadHeader = (props: Props) => {
  const { c, onBack } = props;
  const { busy, act } = useConversationAction(props);
  const listingHref = `/properties/${c.listing.id}`;
  return (
    <>
      <header className="thread-header">
        <button type="button" className="button thread-back" onClick={onBack}>
          {text('messages.thread.back')}
        </button>
        <a
          href={listingHref}
          aria-label={
            c.listing.title
              ? fill('messages.thread.open', { title: c.listing.title })
              : text('messages.thread.openGone')
          }
        >
          <Thumb c={c} />
        </a>
        <div style={{ minWidth: 0 }}>
          <a href={listingHref}>
            <strong data-testid="thread-listing-title">
              {c.listing.title ?? text('messages.listingGone')}
            </strong>
          </a>
          <div className="muted">
            {fill(c.role === 'owner' ? 'messages.thread.enquiryFrom' : 'messages.thread.listedBy', {
              name: c.counterpart.name,
            })}
          </div>
        </div>
        <div className="actions">
          {ACTIONS.map(({ path, done, label, undoLabel }) => (
            <BusyButton
              key={path}
              className="button"
              busy={busy}
              onClick={() => void act(path, done(c))}
            >
              {text(done(c) ? undoLabel : label)}
            </BusyButton>
          ))}
        </div>
      </header>
      <Suspense fallback={null}>
        <VisitPanel c={c} />
      </Suspense>
    </>
  );
};
