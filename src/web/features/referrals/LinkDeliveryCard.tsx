import { MessageCircle, RotateCw } from 'lucide-react';
import {
  formatDateTimeAr,
  type OutboxStatus,
  outboxChannelLabel,
  outboxStatusLabel,
  whatsappHref,
} from '#domain';
import type { ReferralDetails } from '#lib/types';
import { Badge } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { errorToast, toast } from '#ui/toast';
import { useResendLink } from './api';

const TONES: Record<OutboxStatus, 'neutral' | 'info' | 'success' | 'danger' | 'warning'> = {
  queued: 'neutral',
  sending: 'warning',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
};

/**
 * How far the tenant's form link got (channel, state, when), and when it failed: send it
 * again, or share it on WhatsApp by hand. Nothing when no link was sent.
 */
export function LinkDeliveryCard({ r, className }: { r: ReferralDetails; className?: string }) {
  const delivery = r.linkDelivery;
  const resend = useResendLink(r.id, {
    onSuccess: (next) =>
      toast({
        title: 'تمت إعادة إرسال الرابط',
        description: `يُرسل رابط إكمال البيانات إلى المستأجر عبر ${outboxChannelLabel(next.channel)}.`,
      }),
    onError: errorToast('تعذرت إعادة إرسال الرابط', 'حدث خطأ أثناء إعادة إرسال الرابط'),
  });
  if (!delivery) return null;
  const shareText = `مرحباً، يرجى إكمال بيانات طلب الإيجار الشهري عبر هذا الرابط: ${r.tenantFormUrl}`;

  return (
    <Card className={className}>
      <CardTitle className="mb-3">رابط إكمال البيانات</CardTitle>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={TONES[delivery.status]}>{outboxStatusLabel(delivery.status)}</Badge>
          <span>عبر {outboxChannelLabel(delivery.channel)}</span>
          <span className="text-slate-700">· {formatDateTimeAr(delivery.at)}</span>
        </div>
        {delivery.canResend ? (
          <>
            <p className="text-sm text-slate-700">
              لم يصل الرابط إلى المستأجر. أعد إرساله، أو شاركه معه عبر واتساب.
            </p>
            <div className="grid gap-2 sm:flex sm:flex-wrap">
              <Button disabled={resend.isPending} onClick={() => resend.mutate()}>
                <RotateCw aria-hidden="true" className="size-4" />
                {resend.isPending ? 'جاري الإرسال...' : 'إعادة إرسال الرابط'}
              </Button>
              <a
                href={whatsappHref(r.tenantPhone, shareText)}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses('outline')}
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                مشاركة الرابط عبر واتساب
              </a>
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}
