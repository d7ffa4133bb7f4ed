import { useMutation } from '@tanstack/react-query';
import { Ellipsis, Lock, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { arabicCount, type CountedNoun, formatNumberAr, inGenitive, NOUNS } from '#domain';
import { invalidate } from '#lib/query-keys';
import { useSession } from '#lib/session';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import type { Column } from '#ui/data-table';
import { ConfirmDialog } from '#ui/dialog';
import { ListTotal } from '#ui/paged-list';
import { errorToast, toast } from '#ui/toast';
import { DELETION_AFFECTS, type DeletionTarget, deleteOne } from './api';
import { ConsoleList, type ConsoleListProps } from './ConsoleList';

type Kind = {
  target: DeletionTarget;
  deleted: string;
  failed: string;
  /** The dialog's title for one; several are counted after «حذف». */
  title: string;
  noun: CountedNoun;
  /** What goes with one, and with several. */
  note: string;
  manyNote: string;
};

export const BROKER_DELETION: Kind = {
  target: 'broker',
  deleted: 'تم حذف الوسيط',
  failed: 'حدث خطأ في حذف الوسيط',
  title: 'حذف الوسيط',
  noun: NOUNS.broker,
  note: 'سيُحذف الوسيط مع جميع إحالاته وعمولاته ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.',
  manyNote:
    'سيُحذف الوسطاء المحددون مع جميع إحالاتهم وعمولاتهم ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.',
};
export const REFERRAL_DELETION: Kind = {
  target: 'referral',
  deleted: 'تم حذف الإحالة',
  failed: 'حدث خطأ في حذف الإحالة',
  title: 'حذف الإحالة',
  noun: NOUNS.referral,
  note: 'ستُحذف الإحالة مع عمولتها ونموذج المستأجر ومستنداته، ولا يمكن التراجع.',
  manyNote: 'ستُحذف الإحالات المحددة مع عمولاتها ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.',
};

/**
 * A tab's deletion of its rows, for super-admins: a row's box and «…» menu, select-all with
 * «حذف المحدد», and the dialog that asks first. Many are deleted with one DELETE per id in
 * parallel and a summary toast.
 */
export function useDeletion<T extends { id: string }>(
  kind: Kind,
  {
    nameOf,
    deletable = () => true,
  }: {
    /** How a row's box and menu name it. */
    nameOf: (row: T) => string;
    /** Whether the server accepts a super-admin's deletion of the row. */
    deletable?: (row: T) => boolean;
  },
) {
  const { profile } = useSession();
  const offered = (row: T) => Boolean(profile?.isSuperAdmin) && deletable(row);
  const selection = useSelection();
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const remove = useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => deleteOne(kind.target, id)));
      const failures = results.filter((r) => r.status === 'rejected');
      return { succeeded: ids.length - failures.length, failures, total: ids.length };
    },
    onSuccess: async ({ succeeded, failures, total }) => {
      setDeleting(null);
      selection.clear();
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
  /** The box that chooses a row; in a table row its label is for screen readers. */
  const box = (row: T, hideLabel?: boolean) =>
    offered(row) ? (
      <SelectBox
        label={`تحديد ${nameOf(row)}`}
        hideLabel={hideLabel}
        checked={selection.selected.has(row.id)}
        onChange={() => selection.toggle(row.id)}
      />
    ) : null;
  const menu = (row: T) =>
    offered(row) ? <DeleteMenu label={nameOf(row)} onDelete={() => setDeleting([row.id])} /> : null;
  return {
    /** Forgets the chosen rows: another page, search or filter shows other rows. */
    clear: selection.clear,
    noun: kind.noun,
    /**
     * The table's columns around the tab's own: a row's box first (super-admins), its actions
     * with «…» last.
     */
    columns: <K extends string>(
      own: Column<T, K>[],
      actions: (row: T) => ReactNode,
    ): Column<T, K>[] => [
      ...(profile?.isSuperAdmin
        ? [{ id: 'select', header: 'تحديد', cell: (row: T) => box(row, true) }]
        : []),
      ...own,
      {
        id: 'actions',
        header: 'الإجراءات',
        cell: (row) => (
          <div className="flex items-center gap-2">
            {actions(row)}
            {menu(row)}
          </div>
        ),
      },
    ],
    /** After a card's actions. */
    box,
    /** At the end of a card's heading. */
    cardMenu: (row: T) => (offered(row) ? <span className="ms-auto">{menu(row)}</span> : null),
    /** Select-all over the page's rows that may be deleted, and «حذف المحدد»; or nothing. */
    bar: (rows: T[] | undefined) => {
      const ids = (rows ?? []).filter(offered).map((row) => row.id);
      return ids.length > 0 ? (
        <BulkDeleteBar ids={ids} selection={selection} onDelete={setDeleting} />
      ) : null;
    },
    dialog: deleting ? (
      <ConfirmDialog
        title={
          deleting.length === 1
            ? kind.title
            : `حذف ${arabicCount(deleting.length, inGenitive(kind.noun))}`
        }
        description={deleting.length === 1 ? kind.note : kind.manyNote}
        confirmLabel="تأكيد الحذف"
        pendingLabel="جارٍ الحذف…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    ) : null,
  };
}

type Deletion<T extends { id: string }> = ReturnType<typeof useDeletion<T>>;

/**
 * A console list whose rows super-admins may delete (`useDeletion`): its count beside the bulk
 * deletion's bar; a table row's box first and «…» after its actions; a card's «…» at the end of
 * its heading and its box after its actions.
 */
export function DeletableList<T extends { id: string }, K extends string>({
  deletion,
  columns,
  actions,
  heading,
  details,
  ...list
}: Omit<ConsoleListProps<T, K>, 'card'> & {
  deletion: Deletion<T>;
  actions: (row: T) => ReactNode;
  /** A card's title and badges. */
  heading: (row: T) => ReactNode;
  /** What a card says between its heading and its actions. */
  details: (row: T) => ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListTotal of={list.query.data} noun={deletion.noun} />
        {deletion.bar(list.query.data?.items)}
      </div>
      <ConsoleList
        {...list}
        columns={deletion.columns(columns, actions)}
        card={(row) => (
          <>
            <div className="flex flex-wrap items-center gap-2">
              {heading(row)}
              {deletion.cardMenu(row)}
            </div>
            {details(row)}
            <div className="flex flex-wrap items-center gap-2">
              {actions(row)}
              {deletion.box(row)}
            </div>
          </>
        )}
      />
    </>
  );
}

type Selection = ReturnType<typeof useSelection>;

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
function SelectBox({
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
    <Checkbox
      className="inline-flex min-h-11 cursor-pointer items-center gap-2 px-1"
      boxClassName="size-5 accent-brand-700"
      checked={checked}
      onCheckedChange={onChange}
    >
      <span className={hideLabel ? 'sr-only' : 'text-sm'}>{label}</span>
    </Checkbox>
  );
}

/** Select-all over the page's deletable ids, and the button that deletes the chosen ones. */
function BulkDeleteBar({
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
function DeleteMenu({ label, onDelete }: { label: string; onDelete: () => void }) {
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

const PROTECTED_REASON = 'الحساب المحمي لا يمكن حذفه أو سحب صلاحياته';

/** The protected account's lock, with the reason its controls are missing. */
export function ProtectedAccountNote() {
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-800">
      <Lock aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
      {PROTECTED_REASON}
    </p>
  );
}
