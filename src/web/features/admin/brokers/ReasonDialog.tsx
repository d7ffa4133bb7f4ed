import { useForm } from 'react-hook-form';
import { singleLineText } from '#domain';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';

/**
 * Asks the reason for a decision the broker will read (issue 34 item 3): deactivating their
 * account or refusing its activation request. Open while rendered.
 */
export function ReasonDialog({
  title,
  description,
  required,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  /** The message when no reason is given. */
  required: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const schema = z.object({ reason: singleLineText({ max: 500, min: 1, required }) });
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  return (
    <Dialog onClose={onClose} title={title} description={description}>
      <form
        noValidate
        aria-label={title}
        className="space-y-3"
        onSubmit={form.handleSubmit(({ reason }) => onConfirm(reason))}
      >
        <FormField label="السبب (يقرؤه الوسيط)" error={form.formState.errors.reason?.message}>
          {(control) => <Input {...control} {...form.register('reason')} maxLength={500} />}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? 'جاري الحفظ...' : confirmLabel}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            إلغاء
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
