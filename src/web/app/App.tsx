import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '#lib/query-client';
import { router } from './router';
import { ViewModeProvider } from './view-mode';

// Shown only once a request answers, so it loads after the page (docs/decisions/062).
const Toaster = lazy(() => import('#ui/toaster').then((m) => ({ default: m.Toaster })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        <ViewModeProvider>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ViewModeProvider>
      </Direction.Provider>
    </QueryClientProvider>
  );
}
