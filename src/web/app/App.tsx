import { QueryClientProvider } from '@tanstack/react-query';
import { Direction, Tooltip } from 'radix-ui';
import { RouterProvider } from 'react-router';
import { queryClient } from '#lib/query-client';
import { Toaster } from '#ui/toast';
import { router } from './router';
import { ViewModeProvider } from './view-mode';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir="rtl">
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <ViewModeProvider>
            <RouterProvider router={router} />
            <Toaster />
          </ViewModeProvider>
        </Tooltip.Provider>
      </Direction.Provider>
    </QueryClientProvider>
  );
}
