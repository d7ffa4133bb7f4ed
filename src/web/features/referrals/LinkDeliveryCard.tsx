import { RotateCw } from 'lucide-react';
import { formatDateTimeAr, outboxChannelLabel } from '#domain';
import type { ReferralDetails } from '#lib/types';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { WhatsappLink } from '#ui/contact-links';
import { OutboxStatusBadge } from '#ui/status-badge';
import { errorToast, toast } from '#ui/toast';
import { useResendLink } from './api';

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
          <OutboxStatusBadge status={delivery.status} />
          <span>عبر {outboxChannelLabel(delivery.channel)}،</span>
          <span className="text-slate-700">{formatDateTimeAr(delivery.at)}</span>
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
              <WhatsappLink phone={r.tenantPhone} text={shareText}>
                مشاركة الرابط عبر واتساب
              </WhatsappLink>
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}
