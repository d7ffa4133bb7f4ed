import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { arabicCount, inGenitive, NOUNS } from '#domain';
import { useSession } from '#lib/session';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { type AdminBroker, adminBrokersQuery, useToggleBroker } from './api';
import { BrokerDetailsDialog } from './BrokerDetailsDialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import {
  BROKER_DELETION,
  BulkDeleteBar,
  DeleteMenu,
  ProtectedAccountNote,
  SelectBox,
  useDeletion,
  useSelection,
} from './deletion';
import { ListToolbar } from './ListToolbar';
import { useAdminList } from './use-admin-list';

const FILTERS = [
  { value: 'all', label: 'جميع الوسطاء' },
  { value: 'active', label: 'المفعلون' },
  { value: 'inactive', label: 'غير المفعلين' },
  { value: 'pending', label: 'بانتظار التفعيل' },
];

const DELETE_NOTE =
  'سيُحذف الوسيط مع جميع إحالاته وعمولاته ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.';
const DELETE_MANY_NOTE =
  'سيُحذف الوسطاء المحددون مع جميع إحالاتهم وعمولاتهم ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.';

/** Brokers tab: search, filter, 50 a page; details, activation, and deletion for super-admins. */
export function AdminBrokersTab() {
  const { profile } = useSession();
  const canDelete = Boolean(profile?.isSuperAdmin);
  const [details, setDetails] = useState<AdminBroker | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const selection = useSelection();
  const filters = useAdminList('all', selection.clear);
  const list = useQuery(
    adminBrokersQuery({ filter: filters.filter, page: filters.page, search: filters.term }),
  );
  const toggle = useToggleBroker({
    onSuccess: (_data, { activate }) =>
      toast({ title: activate ? 'تم تفعيل الحساب' : 'تم إلغاء تفعيل الحساب' }),
    onError: (error, { activate }) =>
      errorToast(
        'خطأ',
        activate ? 'حدث خطأ في تفعيل الحساب' : 'حدث خطأ في إلغاء تفعيل الحساب',
      )(error),
  });
  const remove = useDeletion(BROKER_DELETION, () => {
    setDeleting(null);
    selection.clear();
  });
  const data = list.data;
  const deletable = (data?.items ?? []).filter((b) => !b.isProtected && b.id !== profile?.id);

  return (
    <div className="space-y-4">
      <ListToolbar
        list={filters}
        searchLabel="البحث بالاسم أو الجوال أو رمز الوسيط"
        searchPlaceholder="ابحث بالاسم أو الجوال أو رمز الوسيط"
        filterLabel="تصفية الوسطاء"
        filters={FILTERS}
        exportType="brokers"
        exportQuery={{ filter: filters.filter, search: filters.term }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {data ? (
          <p className="text-sm text-slate-700">{arabicCount(data.total, NOUNS.broker)}</p>
        ) : null}
        {canDelete && deletable.length > 0 ? (
          <BulkDeleteBar
            ids={deletable.map((b) => b.id)}
            selection={selection}
            onDelete={setDeleting}
          />
        ) : null}
      </div>
      <QueryView
        query={list}
        loading={<Skeleton className="h-40" />}
        isEmpty={(result) => result.items.length === 0}
        empty={<EmptyState title="لا يوجد وسطاء مطابقون" />}
      >
        {(result) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {result.items.map((b) => {
              const isSelf = b.id === profile?.id;
              // Never offered where the server refuses it: one's own account, a super-admin's,
              // the protected one.
              const canDeactivate = !isSelf && !b.isSuperAdmin && !b.isProtected;
              const name = b.fullName || b.phone;
              return (
                <li key={b.id}>
                  <Card className="space-y-2 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-bold">{b.fullName || 'بدون اسم'}</span>
                      <Badge tone={b.isActive ? 'success' : 'warning'}>
                        {b.isActive ? 'مفعل' : 'غير مفعل'}
                      </Badge>
                      {!b.isActive && b.activationRequestedAt ? (
                        <Badge tone="info">تم إرسال طلب التفعيل</Badge>
                      ) : null}
                      {b.isSuperAdmin ? <Badge tone="neutral">مشرف عام</Badge> : null}
                      {isSelf ? <Badge tone="neutral">حسابك</Badge> : null}
                      {canDelete && !b.isProtected && !isSelf ? (
                        <span className="ms-auto">
                          <DeleteMenu label={name} onDelete={() => setDeleting([b.id])} />
                        </span>
                      ) : null}
                    </div>
                    <p className="text-sm">
                      <bdi dir="ltr">{b.phone}</bdi> · <bdi dir="ltr">{b.brokerCode}</bdi>
                    </p>
                    {b.email ? (
                      <p className="text-sm" dir="ltr">
                        {b.email}
                      </p>
                    ) : null}
                    {b.officeName ? <p className="text-sm">{b.officeName}</p> : null}
                    {b.isProtected ? <ProtectedAccountNote /> : null}
                    <div className="flex flex-wrap items-center gap-2">
                      <Button variant="outline" onClick={() => setDetails(b)}>
                        التفاصيل
                      </Button>
                      {!b.isActive ? (
                        <Button
                          disabled={toggle.isPending}
                          onClick={() => toggle.mutate({ id: b.id, activate: true })}
                        >
                          تفعيل
                        </Button>
                      ) : canDeactivate ? (
                        <Button
                          variant="outline"
                          disabled={toggle.isPending}
                          onClick={() => toggle.mutate({ id: b.id, activate: false })}
                        >
                          إلغاء التفعيل
                        </Button>
                      ) : null}
                      {canDelete && !b.isProtected && !isSelf ? (
                        <SelectBox
                          label={`تحديد ${name}`}
                          checked={selection.selected.has(b.id)}
                          onChange={() => selection.toggle(b.id)}
                        />
                      ) : null}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
      <Pagination label="صفحات الوسطاء" page={filters.page} of={data} onPage={filters.setPage} />
      {details ? <BrokerDetailsDialog broker={details} onClose={() => setDetails(null)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title={
            deleting.length === 1
              ? 'حذف الوسيط'
              : `حذف ${arabicCount(deleting.length, inGenitive(NOUNS.broker))}`
          }
          description={deleting.length === 1 ? DELETE_NOTE : DELETE_MANY_NOTE}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
