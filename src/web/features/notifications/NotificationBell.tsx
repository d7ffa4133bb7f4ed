import { lazy, Suspense, useState } from 'react';
import type { BrokerApp } from '../dashboard';
import { BellButton } from './bell-button';
import { useNotificationFeed } from './feed';

// The list and its popover load on the bell's first tap (or as the finger or focus comes near
// it), not with every page: the first load of a phone stays small (docs/decisions/062).
const loadPopover = () => import('./BellPopover');
const BellPopover = lazy(() => loadPopover().then((m) => ({ default: m.BellPopover })));

/**
 * Header bell: unread badge, the latest notifications, all marked read when opened. Each
 * notification links to what it is about, in the app the bell is in.
 */
export function NotificationBell({ app }: { app: BrokerApp }) {
  const feed = useNotificationFeed();
  const [wanted, setWanted] = useState(false);
  const unread = feed.data?.unread ?? 0;
  const preload = () => void loadPopover();
  if (!wanted) {
    return (
      <BellButton
        unread={unread}
        aria-expanded={false}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setWanted(true)}
      />
    );
  }
  return (
    <Suspense fallback={<BellButton unread={unread} aria-busy />}>
      <BellPopover app={app} />
    </Suspense>
  );
}
