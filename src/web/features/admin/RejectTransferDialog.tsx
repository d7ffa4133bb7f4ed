import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Textarea } from '#ui/input';

/**
 * Rejects a broker's open transfer request; the reason is required and sent to the broker.
 * The tab keeps the typed reason (a dialog closed without confirming keeps it).
 */
export function RejectTransferDialog({
  reason,
  onReasonChange,
  pending,
  onClose,
  onConfirm,
}: {
  reason: string;
  onReasonChange: (reason: string) => void;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="رفض طلب التحويل">
      <div className="space-y-4">
        <FormField label="سبب الرفض">
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              onChange={(e) => onReasonChange(e.target.value)}
            />
          )}
        </FormField>
        <Button variant="destructive" disabled={!reason.trim() || pending} onClick={onConfirm}>
          تأكيد الرفض
        </Button>
      </div>
    </Dialog>
  );
}
