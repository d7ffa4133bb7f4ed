import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';

/** Asks before deleting; the text says what goes with it. */
export function ConfirmDeleteDialog({
  title,
  description,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? 'جارٍ الحذف…' : 'تأكيد الحذف'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          إلغاء
        </Button>
      </div>
    </Dialog>
  );
}
