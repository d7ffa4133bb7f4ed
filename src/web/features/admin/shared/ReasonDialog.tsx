import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Textarea } from '#ui/input';

/**
 * A destructive action that needs a reason the broker will read: rejecting a transfer request,
 * reversing a commission. The tab keeps the typed reason (a dialog closed without confirming
 * keeps it).
 */
export function ReasonDialog({
  title,
  label,
  confirmLabel,
  reason,
  onReasonChange,
  pending,
  onClose,
  onConfirm,
}: {
  title: string;
  label: string;
  confirmLabel: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <div className="space-y-4">
        <FormField label={label}>
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              // A reason is one line in the broker's notification: the box wraps long text,
              // and a line break typed or pasted becomes a space.
              onChange={(e) => onReasonChange(e.target.value.replace(/[\r\n\u2028\u2029]+/g, ' '))}
            />
          )}
        </FormField>
        <Button variant="destructive" disabled={!reason.trim() || pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
