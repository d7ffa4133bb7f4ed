import { useState } from 'react';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';

/** A payment to confirm: the dialog's text, what it pays, and its success toast. */
export type Payment = {
  title: string;
  description: string;
  confirmLabel: string;
  /** The commission or the transfer request paid. */
  id: string;
  success: string;
};

/** Confirms a payment made outside the platform, with the bank's transfer reference if any. */
export function PaymentDialog({
  title,
  description,
  confirmLabel,
  onClose,
  onConfirm,
}: Omit<Payment, 'id' | 'success'> & {
  onClose: () => void;
  onConfirm: (transferReference: string | null) => void;
}) {
  const [reference, setReference] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
    >
      <div className="space-y-4">
        <FormField label="مرجع التحويل (اختياري)">
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              maxLength={100}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          )}
        </FormField>
        <Button onClick={() => onConfirm(reference.trim() || null)}>{confirmLabel}</Button>
      </div>
    </Dialog>
  );
}
