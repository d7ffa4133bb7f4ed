import { createContext, type ReactNode, useContext, useState } from 'react';
import { useSession } from '#lib/session';

export type ViewMode = 'broker' | 'admin';

const ViewModeContext = createContext<{ mode: ViewMode; setMode: (mode: ViewMode) => void }>({
  mode: 'broker',
  setMode: () => {},
});

/** Client-only state: admins switch between the broker view and the admin view. */
export function ViewModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ViewMode>('broker');
  return <ViewModeContext.Provider value={{ mode, setMode }}>{children}</ViewModeContext.Provider>;
}

export const useViewMode = () => useContext(ViewModeContext);

/** Admin dashboard and referrals only in the admin view (docs/product.md#client-behaviour). */
export function ByViewMode({ broker, admin }: { broker: ReactNode; admin: ReactNode }) {
  const { profile } = useSession();
  const { mode } = useViewMode();
  const isAdmin = Boolean(profile?.isAdmin || profile?.isSuperAdmin);
  return <>{isAdmin && mode === 'admin' ? admin : broker}</>;
}
