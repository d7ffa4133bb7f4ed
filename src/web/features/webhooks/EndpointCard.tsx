import { useState } from 'react';
import { formatDateTimeAr, webhookEventLabel } from '#domain';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import {
  type EndpointWithSecret,
  useDeleteEndpoint,
  useRotateSecret,
  useUpdateEndpoint,
  type WebhookEndpoint,
} from './api';

/** One endpoint: switched on or off, its events, its secret rotated, or deleted. */
export function EndpointCard({
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
      <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
        <span>
          السرّ ينتهي بـ <bdi dir="ltr">…{endpoint.secretHint}</bdi>
        </span>
        <span>أُضيفت {formatDateTimeAr(endpoint.createdAt)}</span>
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
