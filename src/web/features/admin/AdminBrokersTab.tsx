import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { cityLabel, formatDateAr, formatNumberAr, formatSar } from '../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState, Skeleton } from '../../components/ui/feedback';
import { Input } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { QueryView } from '../../components/ui/query-view';
import { Select } from '../../components/ui/select';
import { errorToast, toast } from '../../components/ui/toast';
import { apiRequest } from '../../lib/api';
import { refreshQueries } from '../../lib/queries';
import { type Profile, useSession } from '../../lib/session';
import type { Page } from '../../lib/types';
import { useDebouncedValue } from '../../lib/use-debounced';
import {
  BROKER_DELETION,
  BulkDeleteBar,
  ConfirmDeleteDialog,
  SelectBox,
  useDeletion,
  useSelection,
} from './deletion';
import { ExportButton } from './ExportButton';

type AdminBroker = Profile & {
  referralCount: number;
  commissionTotal: string;
  isProtected: boolean;
};

const FILTERS = [
  { value: 'all', label: 'جميع الوسطاء' },
  { value: 'active', label: 'المفعلون' },
  { value: 'inactive', label: 'غير المفعلين' },
  { value: 'pending', label: 'بانتظار التفعيل' },
];

const DELETE_NOTE =
  'سيُحذف الوسيط مع جميع إحالاته وعمولاته ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-end font-medium">{value || '—'}</dd>
    </div>
  );
}

function BrokerDetailsDialog({ broker, onClose }: { broker: AdminBroker; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={broker.fullName || 'وسيط بدون اسم'}
    >
      <dl>
        <Detail label="الجوال" value={<bdi dir="ltr">{broker.phone}</bdi>} />
        <Detail label="رمز الوسيط" value={<bdi dir="ltr">{broker.brokerCode}</bdi>} />
        <Detail
          label="البريد الإلكتروني"
          value={broker.email && <bdi dir="ltr">{broker.email}</bdi>}
        />
        <Detail label="المكتب" value={broker.officeName} />
        <Detail label="المدينة" value={broker.city && cityLabel(broker.city)} />
        <Detail label="رخصة فال" value={broker.falLicense} />
        <Detail
          label="جوال إضافي"
          value={broker.secondPhone && <bdi dir="ltr">{broker.secondPhone}</bdi>}
        />
        <Detail label="نبذة" value={broker.bio} />
        <Detail label="الحالة" value={broker.isActive ? 'مفعل' : 'غير مفعل'} />
        <Detail
          label="طلب التفعيل"
          value={broker.activationRequestedAt && formatDateAr(broker.activationRequestedAt)}
        />
        <Detail
          label="الصلاحية"
          value={broker.isSuperAdmin ? 'مشرف عام' : broker.isAdmin ? 'مشرف' : 'وسيط'}
        />
        <Detail label="عدد الإحالات" value={formatNumberAr(broker.referralCount)} />
        <Detail label="إجمالي العمولات" value={formatSar(broker.commissionTotal)} />
        <Detail label="تاريخ التسجيل" value={formatDateAr(broker.createdAt)} />
      </dl>
    </Dialog>
  );
}

/** Brokers tab: search, filter, 50 a page; details, activation, and deletion for super-admins. */
export function AdminBrokersTab() {
  const { profile } = useSession();
  const canDelete = Boolean(profile?.isSuperAdmin);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('all');
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<AdminBroker | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const selection = useSelection();
  const params = new URLSearchParams({ filter, page: String(page) });
  const term = useDebouncedValue(search.trim());
  if (term) params.set('search', term);
  const list = useQuery<Page<AdminBroker>>({
    queryKey: [`/api/admin/brokers?${params}`],
    staleTime: 0,
  });
  const toggle = useMutation({
    mutationFn: ({ id, activate }: { id: string; activate: boolean }) =>
      apiRequest('POST', `/api/admin/brokers/${id}/${activate ? 'activate' : 'deactivate'}`),
    onSuccess: async (_data, { activate }) => {
      toast({ title: activate ? 'تم تفعيل الحساب' : 'تم إلغاء تفعيل الحساب' });
      await refreshQueries('/api/admin', '/api/superadmin');
    },
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
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <Input
          type="search"
          aria-label="البحث بالاسم أو الجوال أو رمز الوسيط"
          placeholder="ابحث بالاسم أو الجوال أو رمز الوسيط"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
            selection.clear();
          }}
        />
        <Select
          aria-label="تصفية الوسطاء"
          value={filter}
          onValueChange={(value) => {
            setFilter(value);
            setPage(1);
            selection.clear();
          }}
          options={FILTERS}
        />
        <ExportButton type="brokers" params={params} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {data ? <p className="text-sm text-slate-700">{formatNumberAr(data.total)} وسيط</p> : null}
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
            {result.items.map((b) => (
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
                  <div className="flex flex-wrap items-center gap-2">
                    <Button variant="outline" onClick={() => setDetails(b)}>
                      التفاصيل
                    </Button>
                    <Button
                      variant={b.isActive ? 'outline' : 'default'}
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate({ id: b.id, activate: !b.isActive })}
                    >
                      {b.isActive ? 'إلغاء التفعيل' : 'تفعيل'}
                    </Button>
                    {canDelete && !b.isProtected && b.id !== profile?.id ? (
                      <>
                        <Button variant="destructive" onClick={() => setDeleting([b.id])}>
                          حذف
                        </Button>
                        <SelectBox
                          label={`تحديد ${b.fullName || b.phone}`}
                          checked={selection.selected.has(b.id)}
                          onChange={() => selection.toggle(b.id)}
                        />
                      </>
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <Pagination
        label="صفحات الوسطاء"
        page={page}
        of={data}
        onPage={(next) => {
          setPage(next);
          selection.clear();
        }}
      />
      {details ? <BrokerDetailsDialog broker={details} onClose={() => setDetails(null)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title={
            deleting.length === 1
              ? 'حذف الوسيط'
              : `حذف ${formatNumberAr(deleting.length)} من الوسطاء`
          }
          description={DELETE_NOTE}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
