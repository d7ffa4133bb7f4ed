import { useState } from 'react';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Textarea } from '#ui/input';

/**
 * A reason dialog's title, what confirming does (when the title alone does not say), the label
 * of its reason box, and its confirming button.
 */
type Wording = {
  title: string;
  description?: string;
  label: string;
  confirmLabel: string;
};

/**
 * A destructive action that needs a reason the broker will read: rejecting a transfer request,
 * reversing a commission. Its caller keeps the typed reason (a dialog closed without confirming
 * keeps it).
 */
export function ReasonDialog({
  title,
  description,
  label,
  confirmLabel,
  reason,
  onReasonChange,
  pending,
  onClose,
  onConfirm,
}: Wording & {
  reason: string;
  onReasonChange: (reason: string) => void;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog onClose={onClose} title={title} {...(description ? { description } : {})}>
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

/**
 * A `ReasonDialog` about one item: `ask` opens it (render `dialog`); confirming calls `act`
 * with the item and the reason, closes the dialog and clears the reason.
 */
export function useReasonDialog<T>(
  wording: Wording,
  pending: boolean,
  act: (subject: T, reason: string) => void,
) {
  const [subject, setSubject] = useState<T | null>(null);
  const [reason, setReason] = useState('');
  return {
    ask: setSubject,
    dialog:
      subject === null ? null : (
        <ReasonDialog
          {...wording}
          reason={reason}
          onReasonChange={setReason}
          pending={pending}
          onClose={() => setSubject(null)}
          onConfirm={() => {
            act(subject, reason);
            setSubject(null);
            setReason('');
          }}
        />
      ),
  };
}
