import { createContext, type ReactNode, useContext, useState } from 'react';
import { useSession } from '#lib/session';

type ViewMode = 'broker' | 'admin';

/** Each signed-in user's choice is kept in this browser, so a reload keeps the view. */
const storageKey = (userId: string) => `shareek:view-mode:${userId}`;

function storedMode(userId: string): ViewMode {
  try {
    return localStorage.getItem(storageKey(userId)) === 'admin' ? 'admin' : 'broker';
  } catch {
    // Storage refused (private mode, a blocked site): the default view.
    return 'broker';
  }
}

function storeMode(userId: string, mode: ViewMode): void {
  try {
    localStorage.setItem(storageKey(userId), mode);
  } catch {
    // Not kept across reloads, but the choice still holds until then.
  }
}

const ViewModeContext = createContext<{
  chosen: Record<string, ViewMode>;
  choose: (userId: string, mode: ViewMode) => void;
}>({ chosen: {}, choose: () => {} });

/** Client-only state: admins switch between the broker view and the admin view. */
export function ViewModeProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Record<string, ViewMode>>({});
  const choose = (userId: string, mode: ViewMode) => {
    storeMode(userId, mode);
    setChosen((all) => ({ ...all, [userId]: mode }));
  };
  return <ViewModeContext.Provider value={{ chosen, choose }}>{children}</ViewModeContext.Provider>;
}

/** The signed-in user's view: the one chosen in this browser, else the broker view. */
export function useViewMode(): { mode: ViewMode; setMode: (mode: ViewMode) => void } {
  const { profile } = useSession();
  const { chosen, choose } = useContext(ViewModeContext);
  const userId = profile?.id;
  if (!userId) return { mode: 'broker', setMode: () => {} };
  return {
    mode: chosen[userId] ?? storedMode(userId),
    setMode: (mode) => choose(userId, mode),
  };
}

/** The admin view applies only to admins (a stored choice outlives a revoked role). */
export function useEffectiveViewMode(): ViewMode {
  const { profile } = useSession();
  const { mode } = useViewMode();
  const isAdmin = Boolean(profile?.isAdmin || profile?.isSuperAdmin);
  return isAdmin && mode === 'admin' ? 'admin' : 'broker';
}

/** Admin dashboard and referrals only in the admin view (docs/product.md#client-behaviour). */
export function ByViewMode({ broker, admin }: { broker: ReactNode; admin: ReactNode }) {
  return <>{useEffectiveViewMode() === 'admin' ? admin : broker}</>;
}
