import { useQuery } from '@tanstack/react-query';
import { outboxListQuery } from '#contract/admin/messaging';
import {
  failureKindLabel,
  formatDateTimeAr,
  formatNumberAr,
  NOUNS,
  OUTBOX_STATUSES,
  type OutboxStatus,
  outboxChannelLabel,
  outboxKindLabel,
  outboxStatusLabel,
} from '#domain';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField } from '#ui/input';
import { ListTotal, PagedList } from '#ui/paged-list';
import { PhoneInput, phoneDigits } from '#ui/phone-input';
import { Select } from '#ui/select';
import { OutboxStatusBadge } from '#ui/status-badge';
import { errorToast, toast } from '#ui/toast';
import { useAdminList } from '../shared';
import { type OutboxItem, outboxQuery, useRetryOutbox } from './api';

const ALL = 'all';
const STATUS_FILTERS = [
  { value: ALL, label: 'جميع الحالات' },
  ...OUTBOX_STATUSES.map((status) => ({ value: status, label: outboxStatusLabel(status) })),
];

const isStatus = (value: string): value is OutboxStatus =>
  (OUTBOX_STATUSES as readonly string[]).includes(value);

/** The row's latest step after it was queued, when there is one to tell. */
function latestStep(item: OutboxItem): { label: string; at: string } | null {
  if (item.readAt) return { label: 'قُرئت', at: item.readAt };
  if (item.deliveredAt) return { label: 'وصلت', at: item.deliveredAt };
  if (item.sentAt) return { label: 'أُرسلت', at: item.sentAt };
  if (item.status === 'queued') return { label: 'المحاولة التالية', at: item.nextAttemptAt };
  return null;
}

function Dates({ item }: { item: OutboxItem }) {
  const step = latestStep(item);
  return (
    <div className="space-y-0.5 text-sm">
      <p>أُنشئت: {formatDateTimeAr(item.createdAt)}</p>
      {step ? (
        <p className="text-slate-700">
          {step.label}: {formatDateTimeAr(step.at)}
        </p>
      ) : null}
    </div>
  );
}

/** Why it failed in Arabic (its class), then the provider's own code and words. */
function LastError({ item }: { item: OutboxItem }) {
  if (!item.lastError) return <span className="text-slate-600">—</span>;
  return (
    <div className="space-y-0.5 text-sm">
      {item.errorKind ? (
        <p className="font-medium text-red-800">{failureKindLabel(item.errorKind)}</p>
      ) : null}
      <p dir="ltr" className="break-words text-start text-xs text-red-800">
        {item.lastError}
      </p>
    </div>
  );
}

type RowProps = {
  item: OutboxItem;
  retrying: boolean;
  onRetry: (id: string) => void;
};

function RetryButton({ item, retrying, onRetry }: RowProps) {
  if (item.status !== 'failed') return null;
  return (
    <Button variant="outline" disabled={retrying} onClick={() => onRetry(item.id)}>
      {retrying ? 'جاري الإرسال...' : 'إعادة المحاولة'}
    </Button>
  );
}

function OutboxCard(props: RowProps) {
  const { item } = props;
  return (
    <li className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">
          {outboxChannelLabel(item.channel)}، {outboxKindLabel(item.kind)}
        </span>
        <OutboxStatusBadge status={item.status} />
      </div>
      <p className="text-sm">
        المستلم: <bdi dir="ltr">{item.recipient}</bdi>
      </p>
      <p className="text-sm">المحاولات: {formatNumberAr(item.attempts)}</p>
      {item.lastError ? <LastError item={item} /> : null}
      <Dates item={item} />
      <RetryButton {...props} />
    </li>
  );
}

const HEADERS = ['القناة والنوع', 'المستلم', 'الحالة', 'المحاولات', 'آخر خطأ', 'التواريخ', 'إجراء'];

function OutboxTable({
  items,
  retryingId,
  onRetry,
}: {
  items: OutboxItem[];
  retryingId: string | undefined;
  onRetry: (id: string) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">صندوق الرسائل الصادرة</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="px-3 py-3 text-start font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="px-3 py-2">
                <p className="font-medium">{outboxChannelLabel(item.channel)}</p>
                <p className="text-slate-700">{outboxKindLabel(item.kind)}</p>
              </td>
              <td className="px-3 py-2">
                <bdi dir="ltr">{item.recipient}</bdi>
              </td>
              <td className="px-3 py-2">
                <OutboxStatusBadge status={item.status} />
              </td>
              <td className="px-3 py-2">{formatNumberAr(item.attempts)}</td>
              <td className="max-w-56 px-3 py-2">
                <LastError item={item} />
              </td>
              <td className="px-3 py-2">
                <Dates item={item} />
              </td>
              <td className="px-3 py-2">
                <RetryButton item={item} retrying={retryingId === item.id} onRetry={onRetry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The outbox: every message and CRM call, filtered by state and phone, failed ones retried. */
export function OutboxList() {
  const list = useAdminList(outboxListQuery, {
    prefix: 'outbox',
    searchKey: 'phone',
  });
  const { page, status } = list.query;
  // Tables need room; below this width each row is a card (no sideways scroll on a phone).
  const wide = useMediaQuery(WIDE_SCREEN);
  // Arabic-Indic digits typed on a Saudi keyboard are searched as Latin ones.
  const phone = list.query.phone ? phoneDigits(list.query.phone) || undefined : undefined;
  const outbox = useQuery(outboxQuery({ page, phone, status }));
  const retry = useRetryOutbox({
    onSuccess: (item) =>
      toast({
        title: 'تمت إعادة المحاولة',
        description: `حالة الرسالة الآن: ${outboxStatusLabel(item.status)}`,
      }),
    onError: errorToast('تعذرت إعادة المحاولة', 'حدث خطأ أثناء إعادة إرسال الرسالة'),
  });
  const retryingId = retry.isPending ? retry.variables : undefined;

  return (
    <Card className="space-y-4">
      <div>
        <CardTitle>الرسائل الصادرة</CardTitle>
        <p className="mt-1 text-sm text-slate-700">
          الرسائل النصية ورسائل واتساب واستدعاءات نظام إدارة العملاء، وما آلت إليه.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="الحالة">
          {(control) => (
            <Select
              {...control}
              value={status ?? ALL}
              onValueChange={(value) => list.set({ status: isStatus(value) ? value : undefined })}
              options={STATUS_FILTERS}
            />
          )}
        </FormField>
        <FormField label="جوال المستلم">
          {(control) => (
            <PhoneInput
              {...control}
              type="search"
              value={list.search}
              onChange={(e) => list.setSearch(e.target.value)}
              autoComplete="off"
              placeholder="05xxxxxxxx"
              maxLength={20}
            />
          )}
        </FormField>
      </div>
      <ListTotal of={outbox.data} noun={NOUNS.message} />
      <PagedList
        query={outbox}
        empty="لا توجد رسائل مطابقة"
        errorFallback="تعذر تحميل الرسائل الصادرة"
        pages={{ label: 'صفحات الرسائل الصادرة', page, onPage: list.setPage }}
      >
        {(data) =>
          wide ? (
            <OutboxTable items={data.items} retryingId={retryingId} onRetry={retry.mutate} />
          ) : (
            <ul className="space-y-3">
              {data.items.map((item) => (
                <OutboxCard
                  key={item.id}
                  item={item}
                  retrying={retryingId === item.id}
                  onRetry={retry.mutate}
                />
              ))}
            </ul>
          )
        }
      </PagedList>
    </Card>
  );
}
