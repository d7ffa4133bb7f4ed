import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import type { ADMIN_BROKER_SORTS } from '#contract/admin/lists';
import { arabicCount, formatDateAr, inGenitive, NOUNS } from '#domain';
import { useSession } from '#lib/session';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { type Column, DataTable, sortParam, sortState } from '#ui/data-table';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import {
  BROKER_DELETION,
  BulkDeleteBar,
  ConfirmDeleteDialog,
  DeleteMenu,
  ListToolbar,
  ProtectedAccountNote,
  SelectBox,
  useAdminList,
  useDeletion,
  useSelection,
} from '../shared';
import { type AdminBroker, adminBrokersQuery, useToggleBroker } from './api';
import { BrokerDetailsDialog } from './BrokerDetailsDialog';

const FILTERS = [
  { value: 'all', label: 'جميع الوسطاء' },
  { value: 'active', label: 'المفعلون' },
  { value: 'inactive', label: 'غير المفعلين' },
  { value: 'pending', label: 'بانتظار التفعيل' },
];

type SortKey = (typeof ADMIN_BROKER_SORTS)[number] extends `${infer K}:${string}` ? K : never;

const DELETE_NOTE =
  'سيُحذف الوسيط مع جميع إحالاته وعمولاته ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.';
const DELETE_MANY_NOTE =
  'سيُحذف الوسطاء المحددون مع جميع إحالاتهم وعمولاتهم ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.';

/**
 * Brokers tab: search, filter, sort, 50 a page; details, activation, and deletion for
 * super-admins. Cards on a phone, a dense table sorted by its headers from 1024 px.
 */
export function AdminBrokersTab() {
  const { profile } = useSession();
  const canDelete = Boolean(profile?.isSuperAdmin);
  const [details, setDetails] = useState<AdminBroker | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const selection = useSelection();
  const filters = useAdminList(adminBrokerEndpoints.list.query, {
    prefix: 'brokers',
    onChange: selection.clear,
  });
  const { filter, page, search, sort } = filters.query;
  const wide = useMediaQuery(WIDE_SCREEN);
  const list = useQuery(adminBrokersQuery({ filter, page, search, sort }));
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
  // Never offered where the server refuses it: one's own account, the protected one.
  const deletable = (b: AdminBroker) => canDelete && !b.isProtected && b.id !== profile?.id;
  const deletableIds = (data?.items ?? []).filter(deletable).map((b) => b.id);
  const nameOf = (b: AdminBroker) => b.fullName || b.phone;

  const badges = (b: AdminBroker) => (
    <>
      <Badge tone={b.isActive ? 'success' : 'warning'}>{b.isActive ? 'مفعل' : 'غير مفعل'}</Badge>
      {!b.isActive && b.activationRequestedAt ? (
        <Badge tone="info">تم إرسال طلب التفعيل</Badge>
      ) : null}
      {b.isSuperAdmin ? <Badge tone="neutral">مشرف عام</Badge> : null}
      {b.id === profile?.id ? <Badge tone="neutral">حسابك</Badge> : null}
    </>
  );
  const selectBox = (b: AdminBroker, hideLabel?: boolean) => (
    <SelectBox
      label={`تحديد ${nameOf(b)}`}
      hideLabel={hideLabel}
      checked={selection.selected.has(b.id)}
      onChange={() => selection.toggle(b.id)}
    />
  );
  const deleteMenu = (b: AdminBroker) => (
    <DeleteMenu label={nameOf(b)} onDelete={() => setDeleting([b.id])} />
  );
  const actions = (b: AdminBroker) => {
    // Never offered where the server refuses it: one's own account, a super-admin's, the
    // protected one.
    const canDeactivate = b.id !== profile?.id && !b.isSuperAdmin && !b.isProtected;
    return (
      <>
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
      </>
    );
  };

  const columns: Column<AdminBroker, SortKey>[] = [
    ...(canDelete
      ? [
          {
            id: 'select',
            header: 'تحديد',
            cell: (b: AdminBroker) => (deletable(b) ? selectBox(b, true) : null),
          },
        ]
      : []),
    {
      id: 'name',
      header: 'الاسم',
      cell: (b) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-bold">{b.fullName || 'بدون اسم'}</span>
          {badges(b)}
          {b.email ? (
            <bdi dir="ltr" className="basis-full text-xs text-slate-600">
              {b.email}
            </bdi>
          ) : null}
          {b.isProtected ? <ProtectedAccountNote /> : null}
        </div>
      ),
    },
    {
      id: 'phone',
      header: 'الجوال',
      sortKey: 'phone',
      cell: (b) => <bdi dir="ltr">{b.phone}</bdi>,
      className: 'whitespace-nowrap',
    },
    {
      id: 'code',
      header: 'رمز الوسيط',
      sortKey: 'brokerCode',
      cell: (b) => <bdi dir="ltr">{b.brokerCode}</bdi>,
      className: 'whitespace-nowrap',
    },
    {
      id: 'office',
      header: 'المكتب',
      cell: (b) => b.officeName || '—',
    },
    {
      id: 'created',
      header: 'تاريخ التسجيل',
      sortKey: 'createdAt',
      firstDirection: 'desc',
      cell: (b) => formatDateAr(b.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'actions',
      header: 'الإجراءات',
      cell: (b) => (
        <div className="flex items-center gap-2">
          {actions(b)}
          {deletable(b) ? deleteMenu(b) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        list={{
          ...filters,
          filter,
          setFilter: (value) => filters.set({ filter: value as typeof filter }),
        }}
        searchLabel="البحث بالاسم أو الجوال أو رمز الوسيط"
        searchPlaceholder="ابحث بالاسم أو الجوال أو رمز الوسيط"
        filterLabel="تصفية الوسطاء"
        filters={FILTERS}
        exportType="brokers"
        exportQuery={{ filter, search }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {data ? (
          <p className="text-sm text-slate-700">{arabicCount(data.total, NOUNS.broker)}</p>
        ) : null}
        {deletableIds.length > 0 ? (
          <BulkDeleteBar ids={deletableIds} selection={selection} onDelete={setDeleting} />
        ) : null}
      </div>
      <QueryView
        query={list}
        loading={<Skeleton className="h-40" />}
        isEmpty={(result) => result.items.length === 0}
        empty={<EmptyState title="لا يوجد وسطاء مطابقون" />}
      >
        {(result) =>
          wide ? (
            <DataTable
              caption="الوسطاء"
              columns={columns}
              rows={result.items}
              rowKey={(b) => b.id}
              sort={sortState<SortKey>(sort)}
              onSort={(next) => filters.set({ sort: sortParam(next) })}
            />
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {result.items.map((b) => (
                <li key={b.id}>
                  <Card className="space-y-2 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-bold">{b.fullName || 'بدون اسم'}</span>
                      {badges(b)}
                      {deletable(b) ? <span className="ms-auto">{deleteMenu(b)}</span> : null}
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
                      {actions(b)}
                      {deletable(b) ? selectBox(b) : null}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <Pagination label="صفحات الوسطاء" page={page} of={data} onPage={filters.setPage} />
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
