import { useSyncExternalStore } from 'react';

/** Where the console's lists turn from cards into tables: the sidebar's own breakpoint. */
export const WIDE_SCREEN = '(min-width: 1024px)';

/** Whether a media query matches now, following it as the window is resized or turned. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
