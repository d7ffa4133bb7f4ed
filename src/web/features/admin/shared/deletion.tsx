import { useMutation } from '@tanstack/react-query';
import { Ellipsis, Lock, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { formatNumberAr } from '#domain';
import { invalidate } from '#lib/query-keys';
import { Button } from '#ui/button';
import { errorToast, toast } from '#ui/toast';
import { DELETION_AFFECTS, type DeletionTarget, deleteOne } from './api';

type Kind = {
  target: DeletionTarget;
  deleted: string;
  failed: string;
};

export const BROKER_DELETION: Kind = {
  target: 'broker',
  deleted: 'تم حذف الوسيط',
  failed: 'حدث خطأ في حذف الوسيط',
};
export const REFERRAL_DELETION: Kind = {
  target: 'referral',
  deleted: 'تم حذف الإحالة',
  failed: 'حدث خطأ في حذف الإحالة',
};

/** Deletes one item, or many with one DELETE per id in parallel and a summary toast. */
export function useDeletion(kind: Kind, onDone: () => void) {
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => deleteOne(kind.target, id)));
      const failures = results.filter((r) => r.status === 'rejected');
      return { succeeded: ids.length - failures.length, failures, total: ids.length };
    },
    onSuccess: async ({ succeeded, failures, total }) => {
      onDone();
      if (total === 1) {
        const failure = failures[0];
        if (failure) errorToast('خطأ', kind.failed)(failure.reason);
        else toast({ title: kind.deleted });
      } else if (failures.length === 0) {
        toast({ title: `تم حذف ${formatNumberAr(succeeded)} من ${formatNumberAr(total)}` });
      } else {
        toast({
          title: 'اكتمل الحذف جزئياً',
          description: `تم حذف ${formatNumberAr(succeeded)} وتعذّر حذف ${formatNumberAr(failures.length)}`,
          variant: 'destructive',
        });
      }
      await invalidate(...DELETION_AFFECTS);
    },
  });
}

export type Selection = ReturnType<typeof useSelection>;

/** Ids chosen on the current page, with select-all over that page. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    toggle: (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    setAll: (ids: string[], on: boolean) => setSelected(on ? new Set(ids) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

/** A checkbox with its label and a 44 px touch target. */
export function SelectBox({
  label,
  hideLabel = false,
  checked,
  onChange,
}: {
  label: string;
  /** In a table row, where the column says what the box does, the label is for screen readers. */
  hideLabel?: boolean | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 px-1">
      <input
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className={hideLabel ? 'sr-only' : 'text-sm'}>{label}</span>
    </label>
  );
}

/** Select-all over the page's deletable ids, and the button that deletes the chosen ones. */
export function BulkDeleteBar({
  ids,
  selection,
  onDelete,
}: {
  ids: string[];
  selection: Selection;
  onDelete: (ids: string[]) => void;
}) {
  const allSelected = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SelectBox
        label="تحديد الكل في هذه الصفحة"
        checked={allSelected}
        onChange={(on) => selection.setAll(ids, on)}
      />
      <Button
        variant="destructive"
        disabled={selection.selected.size === 0}
        onClick={() => onDelete([...selection.selected])}
      >
        حذف المحدد ({formatNumberAr(selection.selected.size)})
      </Button>
    </div>
  );
}

/**
 * «…» on a card: the deletion sits behind it rather than as a red button on every card, so a
 * thumb scrolling a list on a phone never lands on it.
 */
export function DeleteMenu({ label, onDelete }: { label: string; onDelete: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`إجراءات أخرى: ${label}`}>
          <Ellipsis aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            onSelect={onDelete}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-red-800 outline-none data-[highlighted]:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            حذف
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const PROTECTED_REASON = 'الحساب المحمي لا يمكن حذفه أو سحب صلاحياته';

/** The protected account's lock, with the reason its controls are missing. */
export function ProtectedAccountNote() {
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-800">
      <Lock aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
      {PROTECTED_REASON}
    </p>
  );
}
