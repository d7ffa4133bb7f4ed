import { useSyncExternalStore } from 'react';
import { errorMessage } from '#lib/api';

type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

export type ToastEntry = ToastInput & { id: number };

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

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toast on screen, if any, for the one component that shows it (toaster.tsx). */
export const useCurrentToast = (): ToastEntry | null =>
  useSyncExternalStore(subscribe, () => current);
