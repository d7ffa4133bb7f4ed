import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * Who opens and closes the dialog: the caller's state (`open`, `onOpenChange`), or its being
 * rendered at all: then it is open, and closing it (Esc, the overlay, «إغلاق») calls `onClose`.
 */
type Visibility =
  | { open: boolean; onOpenChange: (open: boolean) => void }
  | { onClose: () => void };

/** A modal with a title, an optional description, and a close button labelled in Arabic. */
export function Dialog({
  title,
  description,
  children,
  ...visibility
}: Visibility & {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const [open, onOpenChange] =
    'onClose' in visibility
      ? [true, (next: boolean) => !next && visibility.onClose()]
      : [visibility.open, visibility.onOpenChange];
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content className="fixed inset-x-3 top-[10vh] z-50 mx-auto max-h-[80vh] max-w-lg overflow-y-auto rounded-xl bg-white p-5 shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-lg font-bold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100"
              aria-label="إغلاق"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          {description ? (
            <DialogPrimitive.Description className="mb-4 text-sm text-slate-700">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * Asks before an action, open while rendered: the button that confirms it (saying what is under
 * way while `pending`) and «إلغاء».
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  variant = 'destructive',
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  variant?: ButtonProps['variant'];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog onClose={onClose} title={title} description={description}>
      <div className="flex flex-wrap gap-2">
        <Button variant={variant} disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
        <Button variant="outline" onClick={onClose}>
          إلغاء
        </Button>
      </div>
    </Dialog>
  );
}
