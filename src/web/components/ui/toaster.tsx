// The toast's look, loaded after the first paint (App.tsx): a request's answer is needed before
// any toast can appear, and Radix's toast would otherwise weigh on every page's first load.
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '#lib/cn';
import { dismissToast, useCurrentToast } from './toast';

/** docs/product.md#messages-and-feedback: 5 s, swipe right (50 px) dismisses, F8 focuses. */
export function Toaster() {
  const entry = useCurrentToast();
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
            if (!open) dismissToast(entry.id);
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
      {/* Radix names the region «Notifications (F8)» unless told otherwise. */}
      <ToastPrimitive.Viewport
        label="الرسائل المنبثقة"
        className="fixed inset-x-3 bottom-20 z-[100] mx-auto max-w-md md:bottom-6"
      />
    </ToastPrimitive.Provider>
  );
}
