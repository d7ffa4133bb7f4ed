import { createContext, type ReactNode, useContext, useState } from 'react';

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
