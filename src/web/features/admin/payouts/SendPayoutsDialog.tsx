import { arabicCount, NOUNS } from '#domain';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';

/**
 * Marking the chosen approved payouts sent asks for the bank's transfer reference. The card
 * keeps the typed reference (a dialog closed without confirming keeps it).
 */
export function SendPayoutsDialog({
  count,
  reference,
  onReferenceChange,
  onClose,
  onConfirm,
}: {
  count: number;
  reference: string;
  onReferenceChange: (reference: string) => void;
  onClose: () => void;
  onConfirm: (reference: string) => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="تعليم الدفعات كمُرسَلة"
      description={`ستُسجَّل ${arabicCount(count, NOUNS.payout)} مُرسَلة إلى البنك بمرجع التحويل الذي أعطاه البنك.`}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reference.trim());
        }}
      >
        <FormField label="مرجع التحويل من البنك">
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              required
              maxLength={100}
              value={reference}
              onChange={(e) => onReferenceChange(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={reference.trim() === ''}>
          تأكيد الإرسال
        </Button>
      </form>
    </Dialog>
  );
}
