import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  commissionStatusLabel,
  formatDateAr,
  formatIban,
  formatNumberAr,
  formatSar,
} from '../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState, Skeleton } from '../../components/ui/feedback';
import { FormField, Input, Textarea } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { QueryView } from '../../components/ui/query-view';
import { Select } from '../../components/ui/select';
import { errorToast, toast } from '../../components/ui/toast';
import { apiRequest } from '../../lib/api';
import { refreshQueries } from '../../lib/queries';
import type { Page } from '../../lib/types';
import { useDebouncedValue } from '../../lib/use-debounced';
import { ExportButton } from './ExportButton';

type AdminCommission = {
  id: string;
  amount: string;
  paidAmount: string;
  status: string;
  createdAt: string;
  brokerName: string | null;
  brokerPhone: string;
  brokerCode: string;
  tenantPhone: string;
};
type AdminTransferRequest = {
  id: string;
  amount: string;
  iban: string;
  createdAt: string;
  brokerName: string | null;
  brokerPhone: string;
};

const FILTERS = [
  { value: 'all', label: 'جميع العمولات' },
  { value: 'pending', label: 'معلقة' },
  { value: 'requested', label: 'مطلوبة' },
  { value: 'paid', label: 'مدفوعة' },
];

/** A POST of the console, with its own success toast. */
type AdminActionCall = { url: string; body: object; success: string };

function useAdminAction() {
  return useMutation({
    mutationFn: ({ url, body }: AdminActionCall) => apiRequest('POST', url, body),
    onSuccess: async (_, { success }) => {
      toast({ title: success });
      await refreshQueries('/api/admin');
    },
    onError: errorToast('خطأ', 'حدث خطأ غير متوقع'),
  });
}

/** Left-to-right text (an IBAN, a phone) isolated inside an Arabic sentence, kept on one line. */
const ltr = (text: string) => `\u2066${text.replaceAll(' ', '\u00a0')}\u2069`;

type Payment = {
  title: string;
  description: string;
  confirmLabel: string;
  url: string;
  success: string;
};

/** Confirms a payment made outside the platform, with the bank's transfer reference if any. */
function PaymentDialog({
  title,
  description,
  confirmLabel,
  onClose,
  onConfirm,
}: Omit<Payment, 'url' | 'success'> & {
  onClose: () => void;
  onConfirm: (transferReference: string | null) => void;
}) {
  const [reference, setReference] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
    >
      <div className="space-y-4">
        <FormField label="مرجع التحويل (اختياري)">
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              maxLength={100}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          )}
        </FormField>
        <Button onClick={() => onConfirm(reference.trim() || null)}>{confirmLabel}</Button>
      </div>
    </Dialog>
  );
}

// The open transfer requests' empty state, also shown while they load.
const NO_OPEN_REQUESTS = <p className="text-sm text-slate-700">لا توجد طلبات تحويل مفتوحة.</p>;

/** Commissions with payment confirmation, and the brokers' open transfer requests. */
export function AdminCommissionsTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page) });
  const term = useDebouncedValue(search.trim());
  if (term) params.set('search', term);
  if (status !== 'all') params.set('status', status);
  const list = useQuery<Page<AdminCommission>>({
    queryKey: [`/api/admin/commissions?${params}`],
    staleTime: 0,
  });
  const [requestsPage, setRequestsPage] = useState(1);
  const requests = useQuery<Page<AdminTransferRequest>>({
    queryKey: [`/api/admin/transfer-requests?page=${requestsPage}`],
    staleTime: 0,
  });
  const action = useAdminAction();
  const [rejecting, setRejecting] = useState<AdminTransferRequest | null>(null);
  const [reason, setReason] = useState('');
  const [paying, setPaying] = useState<Payment | null>(null);

  return (
    <div className="space-y-6">
      {paying ? (
        <PaymentDialog
          title={paying.title}
          description={paying.description}
          confirmLabel={paying.confirmLabel}
          onClose={() => setPaying(null)}
          onConfirm={(transferReference) => {
            action.mutate({
              url: paying.url,
              body: transferReference ? { transferReference } : {},
              success: paying.success,
            });
            setPaying(null);
          }}
        />
      ) : null}
      {rejecting ? (
        <Dialog open onOpenChange={(open) => !open && setRejecting(null)} title="رفض طلب التحويل">
          <div className="space-y-4">
            <FormField label="سبب الرفض">
              {(control) => (
                <Textarea {...control} value={reason} onChange={(e) => setReason(e.target.value)} />
              )}
            </FormField>
            <Button
              variant="destructive"
              disabled={!reason.trim() || action.isPending}
              onClick={() => {
                action.mutate({
                  success: 'تم رفض طلب التحويل',
                  url: `/api/admin/transfer-requests/${rejecting.id}/reject`,
                  body: { reason },
                });
                setRejecting(null);
                setReason('');
              }}
            >
              تأكيد الرفض
            </Button>
          </div>
        </Dialog>
      ) : null}
      <Card className="space-y-3">
        <CardTitle>طلبات التحويل المفتوحة</CardTitle>
        <QueryView
          query={requests}
          loading={NO_OPEN_REQUESTS}
          isEmpty={(data) => data.items.length === 0}
          empty={NO_OPEN_REQUESTS}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100">
              {data.items.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                >
                  <span className="font-bold">{formatSar(r.amount)}</span>
                  <span>{r.brokerName || <bdi dir="ltr">{r.brokerPhone}</bdi>}</span>
                  <bdi dir="ltr" className="font-mono text-xs">
                    {formatIban(r.iban)}
                  </bdi>
                  <span>{formatDateAr(r.createdAt)}</span>
                  <div className="flex gap-2">
                    <Button
                      onClick={() =>
                        setPaying({
                          title: 'تأكيد تنفيذ طلب التحويل',
                          description: `سيُسجَّل تحويل ${formatSar(r.amount)} إلى الآيبان ${ltr(formatIban(r.iban))} للوسيط ${r.brokerName || ltr(r.brokerPhone)}، وتُسدَّد به عمولاته المعلقة الأقدم فالأحدث، ويُبلَّغ الوسيط بذلك.`,
                          confirmLabel: 'تم التحويل',
                          url: `/api/admin/transfer-requests/${r.id}/pay`,
                          success: 'تم تنفيذ طلب التحويل',
                        })
                      }
                    >
                      تم التحويل
                    </Button>
                    <Button variant="outline" onClick={() => setRejecting(r)}>
                      رفض
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <Pagination
          label="صفحات طلبات التحويل"
          page={requestsPage}
          of={requests.data}
          onPage={setRequestsPage}
        />
      </Card>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <Input
          type="search"
          aria-label="البحث باسم الوسيط أو جواله"
          placeholder="ابحث باسم الوسيط أو جواله"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label="تصفية العمولات"
          value={status}
          onValueChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={FILTERS}
        />
        <ExportButton type="commissions" params={params} />
      </div>
      {list.data ? (
        <p className="text-sm text-slate-700">{formatNumberAr(list.data.total)} عمولة</p>
      ) : null}
      <QueryView
        query={list}
        loading={<Skeleton className="h-40" />}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="لا توجد عمولات مطابقة" />}
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.items.map((c) => (
              <li key={c.id}>
                <Card className="space-y-2 p-4">
                  <div className="flex items-center justify-between">
                    <strong className="text-lg">{formatSar(c.amount)}</strong>
                    <Badge tone={c.status === 'paid' ? 'success' : 'warning'}>
                      {commissionStatusLabel(c.status)}
                    </Badge>
                  </div>
                  <p className="text-sm">
                    {c.brokerName || '—'} · <bdi dir="ltr">{c.brokerCode}</bdi>
                  </p>
                  <p className="text-sm text-slate-700">
                    المستأجر <bdi dir="ltr">{c.tenantPhone}</bdi> · {formatDateAr(c.createdAt)}
                  </p>
                  {c.status !== 'paid' && Number(c.paidAmount) > 0 ? (
                    <p className="text-sm text-slate-700">
                      دُفع منها {formatSar(c.paidAmount)} عبر طلب تحويل
                    </p>
                  ) : null}
                  {c.status === 'requested' ? (
                    <p className="text-sm text-amber-900">
                      محجوزة لطلب تحويل مفتوح، تُعالَج من طلبات التحويل أعلاه.
                    </p>
                  ) : null}
                  {c.status === 'pending' ? (
                    <Button
                      onClick={() =>
                        setPaying({
                          title: 'تأكيد دفع العمولة',
                          description: `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${c.brokerName || ltr(c.brokerPhone)} مدفوعة ويُبلَّغ الوسيط بذلك.`,
                          confirmLabel: 'تأكيد الدفع',
                          url: `/api/admin/commissions/${c.id}/confirm-payment`,
                          success: 'تم تأكيد الدفع',
                        })
                      }
                    >
                      تأكيد الدفع
                    </Button>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <Pagination label="صفحات العمولات" page={page} of={list.data} onPage={setPage} />
    </div>
  );
}
