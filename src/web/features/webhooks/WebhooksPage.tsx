import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  formatDateTimeAr,
  formatNumberAr,
  OUTBOX_STATUSES,
  type OutboxStatus,
  outboxStatusLabel,
  parseAddressRanges,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  webhookEventLabel,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { copyText } from '#ui/copy';
import { Dialog } from '#ui/dialog';
import { EmptyState, Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { Select } from '#ui/select';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import {
  deliveriesQuery,
  type EndpointWithSecret,
  endpointsQuery,
  privateRangesQuery,
  useCreateEndpoint,
  useDeleteEndpoint,
  useResendDelivery,
  useRotateSecret,
  useUpdateEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './api';

/** The delivery states a webhook row goes through (it is never `delivered` or `read`). */
const DELIVERY_STATUSES = OUTBOX_STATUSES.filter(
  (status) => status !== 'delivered' && status !== 'read',
);
const DELIVERY_LABELS: Partial<Record<OutboxStatus, string>> = { sent: 'تم التسليم' };
const deliveryStatusLabel = (status: OutboxStatus) =>
  DELIVERY_LABELS[status] ?? outboxStatusLabel(status);
const STATUS_TONES: Record<OutboxStatus, 'neutral' | 'info' | 'success' | 'danger' | 'warning'> = {
  queued: 'neutral',
  sending: 'warning',
  sent: 'success',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
};

function EventChoices({
  selected,
  onChange,
  error,
}: {
  selected: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-1" aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">الأحداث</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={selected.includes(event)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? [...selected, event]
                  : selected.filter((chosen) => chosen !== event),
              )
            }
          />
          <span>
            {webhookEventLabel(event)}{' '}
            <bdi dir="ltr" className="text-xs text-slate-600">
              {event}
            </bdi>
          </span>
        </label>
      ))}
      {error ? (
        <p id="webhook-events-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function NewEndpointDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: EndpointWithSecret) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const create = useCreateEndpoint({
    onSuccess: (created) => {
      onOpenChange(false);
      setUrl('');
      setDescription('');
      setEvents([...WEBHOOK_EVENTS]);
      onCreated(created);
    },
  });
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url, description: description || null, events });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="إضافة نقطة استقبال"
      description="يُرسَل كل حدث تختاره إلى هذا الرابط موقّعاً بسرّ تحصل عليه بعد الحفظ."
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <FormField label="رابط نقطة الاستقبال" error={errors.url}>
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              type="url"
              inputMode="url"
              placeholder="https://example.com/webhooks/shareek"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="وصف (اختياري)" error={errors.description}>
          {(control) => (
            <Input
              {...control}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </FormField>
        <EventChoices selected={events} onChange={setEvents} error={errors.events} />
        {create.error && !errors.url && !errors.events ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(create.error, 'تعذر حفظ نقطة الاستقبال')}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={create.isPending}>
          {create.isPending ? 'جاري الحفظ...' : 'حفظ'}
        </Button>
      </form>
    </Dialog>
  );
}

/** The secret, this once: the server never answers it again. */
function SecretDialog({
  shown,
  onClose,
}: {
  shown: EndpointWithSecret | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="سرّ التوقيع"
      description="انسخ السرّ الآن واحفظه في النظام المستقبِل؛ لن يظهر مرة أخرى."
    >
      {shown ? (
        <div className="space-y-4">
          <FormField label={`سرّ ${shown.endpoint.url}`}>
            {(control) => (
              <Input {...control} dir="ltr" readOnly value={shown.secret} className="font-mono" />
            )}
          </FormField>
          <Button className="w-full" onClick={() => void copyText(shown.secret, 'سرّ التوقيع')}>
            نسخ السرّ
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (shown: EndpointWithSecret) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateEndpoint({ onError: errorToast('تعذر الحفظ', 'يرجى المحاولة مرة أخرى') });
  const rotate = useRotateSecret({
    onSuccess: onSecret,
    onError: errorToast('تعذر تدوير السرّ', 'يرجى المحاولة مرة أخرى'),
  });
  const remove = useDeleteEndpoint({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: 'حُذفت نقطة الاستقبال' });
    },
    onError: errorToast('تعذر الحذف', 'يرجى المحاولة مرة أخرى'),
  });
  return (
    <li className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <bdi dir="ltr" className="min-w-0 break-all font-medium">
          {endpoint.url}
        </bdi>
        <div className="flex items-center gap-2">
          <span className="text-sm">{endpoint.active ? 'مفعّلة' : 'معطّلة'}</span>
          <Switch
            checked={endpoint.active}
            disabled={update.isPending}
            label={`تفعيل ${endpoint.url}`}
            onCheckedChange={(active) => update.mutate({ id: endpoint.id, change: { active } })}
          />
        </div>
      </div>
      {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
      <ul className="flex flex-wrap gap-2" aria-label="الأحداث">
        {endpoint.events.map((event) => (
          <li key={event}>
            <Badge tone="info">{webhookEventLabel(event)}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        السرّ ينتهي بـ <bdi dir="ltr">…{endpoint.secretHint}</bdi> · أُضيفت{' '}
        {formatDateTimeAr(endpoint.createdAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id)}
        >
          تدوير السرّ
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          حذف
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="حذف نقطة الاستقبال"
        description="لن تُرسل إليها أحداث بعد الآن، وتُلغى الإرسالات التي تنتظر. يبقى سجلها."
      >
        <Button
          variant="destructive"
          className="w-full"
          disabled={remove.isPending}
          onClick={() => remove.mutate(endpoint.id)}
        >
          تأكيد الحذف
        </Button>
      </Dialog>
    </li>
  );
}

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
      {delivery.lastError ? (
        <p dir="auto" className="break-words text-red-800">
          {delivery.lastError}
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

/**
 * Where events may go (issue 26 item 4): the outside world, and the private ranges a
 * super-admin allowed on purpose. Read-only here; a value that is not a list of ranges allows
 * nothing, as the server reads it.
 */
function PrivateRanges() {
  const query = useQuery(privateRangesQuery());
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        لا تُرسل الأحداث إلى عناوين الشبكة الداخلية ولا إلى خدمات بيانات الخادم السحابي، إلا نطاقاً
        داخلياً يسمح به المشرف العام.
      </p>
      <QueryView
        query={query}
        loading={<Skeleton className="h-5 w-64" />}
        errorFallback="تعذر تحميل العناوين الداخلية المسموح بها"
      >
        {({ value }) => {
          const ranges = parseAddressRanges(value ?? '');
          return (
            <p>
              العناوين الداخلية المسموح بها:{' '}
              {ranges === null ? (
                <>
                  <bdi dir="ltr">{value}</bdi>{' '}
                  <span className="text-red-800">(قيمة غير صالحة، فلا يُسمح بأي عنوان داخلي)</span>
                </>
              ) : ranges.length === 0 ? (
                'لا شيء'
              ) : (
                <bdi dir="ltr">{value}</bdi>
              )}
            </p>
          );
        }}
      </QueryView>
    </div>
  );
}

const ALL = 'all';
const STATUS_FILTERS = [
  { value: ALL, label: 'جميع الحالات' },
  ...DELIVERY_STATUSES.map((status) => ({ value: status, label: deliveryStatusLabel(status) })),
];

function DeliveryLog() {
  const [status, setStatus] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const query = useQuery(
    deliveriesQuery({
      page,
      status: status === ALL ? undefined : (status as OutboxStatus),
    }),
  );
  return (
    <Card className="space-y-4">
      <CardTitle>سجل الإرسال</CardTitle>
      <div className="max-w-xs">
        <Select
          aria-label="تصفية حسب الحالة"
          value={status}
          onValueChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={STATUS_FILTERS}
        />
      </div>
      <QueryView
        query={query}
        loading={<Skeleton className="h-32" />}
        errorFallback="تعذر تحميل سجل الإرسال"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="لا توجد عمليات إرسال مطابقة" />}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.items.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </QueryView>
      <Pagination label="صفحات سجل الإرسال" page={page} of={query.data} onPage={setPage} />
    </Card>
  );
}

/**
 * /webhooks (super-admins): the endpoints the provider's systems receive signed events on
 * (docs/webhooks.md), each with its events and secret, and the delivery log with resend.
 */
export function WebhooksPage() {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<EndpointWithSecret | null>(null);
  const endpoints = useQuery(endpointsQuery());
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">ربط الأنظمة</h1>
          <p className="text-slate-700">
            أحداث موقّعة تصل إلى أنظمة الشركة فور حدوثها، مع إعادة المحاولة عند التعذر.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>إضافة نقطة استقبال</Button>
      </div>
      <Card className="space-y-4">
        <CardTitle>نقاط الاستقبال</CardTitle>
        <PrivateRanges />
        <QueryView
          query={endpoints}
          loading={<Skeleton className="h-24" />}
          errorFallback="تعذر تحميل نقاط الاستقبال"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="لا توجد نقاط استقبال بعد" />}
        >
          {(data) => (
            <ul className="space-y-3">
              {data.items.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <DeliveryLog />
      <NewEndpointDialog open={adding} onOpenChange={setAdding} onCreated={setSecret} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
