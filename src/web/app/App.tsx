import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '#lib/query-client';
import { useCurrentToast } from '#ui/toast';
import { router } from './router';
import { ViewModeProvider } from './view-mode';

/**
 * The toast's look (Radix's toast) loads with the first toast, not with the page: on a phone's
 * first load it would take the bandwidth and connections the page's own code needs
 * (docs/decisions/064). The store keeps the toast meanwhile; a download that failed (a toast
 * often says the network did) is tried again with the next toast.
 */
function ToasterOnceNeeded() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const toast = useCurrentToast();
  const loading = useRef(false);
  useEffect(() => {
    if (!toast || Toaster || loading.current) return;
    loading.current = true;
    import('#ui/toaster')
      .then((loaded) => setToaster(() => loaded.Toaster))
      .catch(() => {
        loading.current = false;
      });
  }, [toast, Toaster]);
  return Toaster ? <Toaster /> : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        <ViewModeProvider>
          <RouterProvider router={router} />
          <ToasterOnceNeeded />
        </ViewModeProvider>
      </Direction.Provider>
    </QueryClientProvider>
  );
}
