import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '#lib/api';
import { cn } from '#lib/cn';

type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

type ToastEntry = ToastInput & { id: number };

// One toast visible at a time; a new one replaces it (docs/product.md#messages-and-feedback).
let current: ToastEntry | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}

/**
 * The one error toast of a failed request, as a mutation's `onError`: the screen's title, and
 * the server's Arabic message when it sent one, else the screen's fallback text.
 */
export const errorToast =
  (title: string, fallback: string) =>
  (error: unknown): void =>
    toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });

function dismiss(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** docs/product.md#messages-and-feedback: 5 s, swipe right (50 px) dismisses, F8 focuses. */
export function Toaster() {
  const entry = useSyncExternalStore(subscribe, () => current);
  return (
    <ToastPrimitive.Provider
      duration={5000}
      swipeDirection="right"
      swipeThreshold={50}
      label="الإشعارات"
    >
      {entry ? (
        <ToastPrimitive.Root
          key={entry.id}
          onOpenChange={(open) => {
            if (!open) dismiss(entry.id);
          }}
          className={cn(
            'flex items-start justify-between gap-3 rounded-xl border p-4 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            entry.variant === 'destructive'
              ? 'border-red-300 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="space-y-1">
            <ToastPrimitive.Title className="font-bold">{entry.title}</ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description className="text-sm">
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="إغلاق"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed inset-x-3 bottom-20 z-[100] mx-auto max-w-md md:bottom-6" />
    </ToastPrimitive.Provider>
  );
}
