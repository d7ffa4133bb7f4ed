import { useQuery } from '@tanstack/react-query';
import { webhookDeliveryListQuery } from '#contract/webhooks';
import {
  formatDateTimeAr,
  formatNumberAr,
  OUTBOX_STATUSES,
  type OutboxStatus,
  outboxStatusLabel,
  webhookEventLabel,
} from '#domain';
import { useListParams } from '#lib/use-list-params';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { PagedList } from '#ui/paged-list';
import { Select } from '#ui/select';
import { OUTBOX_STATUS_TONES } from '#ui/status-badge';
import { errorToast, toast } from '#ui/toast';
import { deliveriesQuery, useResendDelivery, type WebhookDelivery } from './api';

/** The delivery states a webhook row goes through (it is never `delivered` or `read`). */
const DELIVERY_STATUSES = OUTBOX_STATUSES.filter(
  (status) => status !== 'delivered' && status !== 'read',
);
const DELIVERY_LABELS: Partial<Record<OutboxStatus, string>> = { sent: 'تم التسليم' };
const deliveryStatusLabel = (status: OutboxStatus) =>
  DELIVERY_LABELS[status] ?? outboxStatusLabel(status);
/** A webhook sent is a webhook delivered: the receiving system answered it. */
const STATUS_TONES: Record<OutboxStatus, BadgeTone> = { ...OUTBOX_STATUS_TONES, sent: 'success' };

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendDelivery({
    onSuccess: () => toast({ title: 'أُعيد إرسال الحدث' }),
    onError: errorToast('تعذرت إعادة الإرسال', 'يرجى المحاولة مرة أخرى'),
  });
  const finished = delivery.status !== 'queued' && delivery.status !== 'sending';
  return (
    <li className="min-w-0 space-y-1.5 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">{webhookEventLabel(delivery.event)}</span>
        <Badge tone={STATUS_TONES[delivery.status]}>{deliveryStatusLabel(delivery.status)}</Badge>
      </div>
      <p>
        إلى: <bdi dir="ltr">{delivery.url}</bdi>
      </p>
      <p>المحاولات: {formatNumberAr(delivery.attempts)}</p>
      {delivery.failure ? (
        // Why it failed, in Arabic; the technical code (when there is one) apart, left to right.
        <p className="text-red-800">
          {delivery.failure.explanation}
          {delivery.failure.code ? (
            <>
              {' '}
              <code dir="ltr" className="whitespace-nowrap rounded bg-red-50 px-1 text-xs">
                {delivery.failure.code}
              </code>
            </>
          ) : null}
        </p>
      ) : null}
      <p>أُنشئت: {formatDateTimeAr(delivery.createdAt)}</p>
      {delivery.sentAt ? <p>سُلّمت: {formatDateTimeAr(delivery.sentAt)}</p> : null}
      {delivery.status === 'queued' && delivery.attempts > 0 ? (
        <p>المحاولة التالية: {formatDateTimeAr(delivery.nextAttemptAt)}</p>
      ) : null}
      {finished ? (
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate(delivery.id)}
        >
          إعادة الإرسال
        </Button>
      ) : null}
    </li>
  );
}

const ALL = 'all';
const STATUS_FILTERS = [
  { value: ALL, label: 'جميع الحالات' },
  ...DELIVERY_STATUSES.map((status) => ({ value: status, label: deliveryStatusLabel(status) })),
];

const deliveries = webhookDeliveryListQuery;
/** The log's state and page, in the URL (`?status=failed&page=2`): a state a webhook goes through. */
const DELIVERY_LIST = deliveries.pick({ page: true }).extend({
  status: deliveries.shape.status.unwrap().exclude(['delivered', 'read']).optional(),
});

/** Every event sent or waiting, filtered by its state, a finished one sent again. */
export function DeliveryLog() {
  const { values, set } = useListParams(DELIVERY_LIST);
  const { status, page } = values;
  const query = useQuery(deliveriesQuery({ page, status }));
  return (
    <Card className="space-y-4">
      <CardTitle>سجل الإرسال</CardTitle>
      <div className="max-w-xs">
        <Select
          aria-label="تصفية حسب الحالة"
          value={status ?? ALL}
          onValueChange={(value) =>
            set({ status: value === ALL ? undefined : (value as typeof status) })
          }
          options={STATUS_FILTERS}
        />
      </div>
      <PagedList
        query={query}
        loading={<Skeleton className="h-32" />}
        empty="لا توجد عمليات إرسال مطابقة"
        errorFallback="تعذر تحميل سجل الإرسال"
        pages={{ label: 'صفحات سجل الإرسال', page, onPage: (next) => set({ page: next }) }}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.items.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
