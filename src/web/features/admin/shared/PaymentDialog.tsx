import { useState } from 'react';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';

/** A payment to confirm: the dialog's text, what it pays, and its success toast. */
type Payment = {
  title: string;
  description: string;
  confirmLabel: string;
  /** The commission or the transfer request paid. */
  id: string;
  success: string;
};

/** Confirms a payment made outside the platform, with the bank's transfer reference if any. */
function PaymentDialog({
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
    <Dialog onClose={onClose} title={title} description={description}>
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

/**
 * A payment waiting for its confirmation: `ask` opens the dialog (render `dialog`); confirming
 * it calls `pay` with what was paid, its success toast and the reference typed (if any), and
 * closes it.
 */
export function usePaymentDialog(
  pay: (paid: { id: string; success: string; transferReference: string | null }) => void,
) {
  const [paying, setPaying] = useState<Payment | null>(null);
  return {
    ask: setPaying,
    dialog: paying ? (
      <PaymentDialog
        title={paying.title}
        description={paying.description}
        confirmLabel={paying.confirmLabel}
        onClose={() => setPaying(null)}
        onConfirm={(transferReference) => {
          pay({ id: paying.id, success: paying.success, transferReference });
          setPaying(null);
        }}
      />
    ) : null,
  };
}
