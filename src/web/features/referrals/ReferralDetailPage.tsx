import { Check, Copy, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import {
  arabicCount,
  daysSince,
  formatDateAr,
  formatSar,
  NOUNS,
  referralProgress,
  referralStatusLabel,
} from '#domain';
import { cn } from '#lib/cn';
import type { ReferralDetails } from '#lib/types';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { CallLink, WhatsappLink } from '#ui/contact-links';
import { copyText } from '#ui/copy';
import { StageClock } from '#ui/stage-clock';
import { ReferralStatusBadge } from '#ui/status-badge';
import { ReferralSourceBadge } from '../referral-link';
import { BackLink } from '../shell';
import { LinkDeliveryCard } from './LinkDeliveryCard';
import { ReferralDetailsQuery } from './ReferralDetailsQuery';
import { ReferralHistoryCard } from './StatusTimeline';
import { TenantDataCard } from './TenantDataCard';

const STEPS = [
  { key: 'sent', label: 'تم الإرسال' },
  { key: 'reviewStarted', label: 'بدأت المراجعة' },
  { key: 'contractCompleted', label: 'اكتمل العقد' },
] as const;

export function ReferralDetailPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/referrals" to="الإحالات" />
      <ReferralDetailsQuery notFound="الإحالة غير موجودة">
        {(r) => <ReferralDetail r={r} />}
      </ReferralDetailsQuery>
    </div>
  );
}

function ReferralDetail({ r }: { r: ReferralDetails }) {
  const progress = referralProgress(r.status);
  const summary = `طلب المستأجر ${r.tenantPhone} - الحالة: ${referralStatusLabel(r.status)} - تاريخ الإرسال: ${formatDateAr(r.submittedAt)}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">تفاصيل الإحالة</h1>
        <ReferralStatusBadge status={r.status} />
        <ReferralSourceBadge source={r.source} />
      </div>
      <StageClock clock={r.stageClock} />
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-700">جوال المستأجر:</span>
          <bdi dir="ltr" className="text-lg font-bold">
            {r.tenantPhone}
          </bdi>
          <Button
            variant="ghost"
            size="icon"
            aria-label="نسخ رقم الجوال"
            onClick={() => void copyText(r.tenantPhone, 'رقم الجوال')}
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-700">تاريخ الإرسال</dt>
            <dd className="font-medium">{formatDateAr(r.submittedAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">منذ الإرسال</dt>
            <dd className="font-medium">
              {/* «اليوم», never «٠ يوم». */}
              {daysSince(r.submittedAt) === 0
                ? 'اليوم'
                : arabicCount(daysSince(r.submittedAt), NOUNS.day)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">الإيجار السنوي</dt>
            <dd className="font-medium">
              {r.rentAmount ? `${formatSar(r.rentAmount)} سنوياً` : 'غير محدد'}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <WhatsappLink phone={r.tenantPhone}>واتساب</WhatsappLink>
          <CallLink phone={r.tenantPhone}>اتصال</CallLink>
          <Button variant="outline" onClick={() => void copyText(summary, 'معلومات الطلب')}>
            <Copy aria-hidden="true" className="size-4" />
            نسخ معلومات الطلب
          </Button>
          <Button
            variant="outline"
            onClick={() => void copyText(r.tenantFormUrl, 'رابط إكمال البيانات')}
          >
            <Copy aria-hidden="true" className="size-4" />
            نسخ رابط المستأجر
          </Button>
          <Link to={`/messages?referral=${r.id}`} className={buttonClasses('outline')}>
            <MessageCircle aria-hidden="true" className="size-4" />
            مراسلة الفريق بشأن الإحالة
          </Link>
        </div>
      </Card>

      <LinkDeliveryCard r={r} />
      <ReferralHistoryCard history={r.history} />
      <TenantDataCard r={r} />

      <Card>
        <CardTitle className="mb-4">مراحل الطلب</CardTitle>
        <ol className="grid grid-cols-3 gap-2">
          {STEPS.map((step) => {
            const done = progress[step.key];
            return (
              <li key={step.key} className="flex flex-col items-center gap-2 text-center">
                <span
                  className={cn(
                    'flex size-10 items-center justify-center rounded-full border-2',
                    done
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 text-slate-500',
                  )}
                >
                  {done ? <Check aria-hidden="true" className="size-5" /> : null}
                </span>
                <span className={cn('text-sm', done ? 'font-bold' : 'text-slate-700')}>
                  {step.label}
                  <span className="sr-only">{done ? ' (مكتملة)' : ' (لم تكتمل)'}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </Card>

      <Card className="space-y-2">
        <CardTitle>العمولة</CardTitle>
        {r.commission?.status === 'reversed' ? (
          <p>
            أُلغيت عمولة هذا الطلب (<strong>{formatSar(r.commission.amount)}</strong>) لإلغاء العقد.
          </p>
        ) : r.commission ? (
          <p>
            عمولتك: <strong>{formatSar(r.commission.amount)}</strong>
          </p>
        ) : r.potentialCommission ? (
          <p>
            عمولة محتملة: <strong>{formatSar(r.potentialCommission)}</strong>. تُضاف العمولة بعد
            توقيع العقد، ولا تُحتسب في الإجمالي قبل ذلك.
          </p>
        ) : (
          <p className="text-slate-700">
            تُضاف عمولتك (٥٠٠ ر.س أو ١٪ من قيمة العقد أيهما أعلى) بعد توقيع العقد.
          </p>
        )}
      </Card>

      <Card className="space-y-2">
        <CardTitle>ملاحظات</CardTitle>
        <p className="text-slate-800">{r.notes || 'لا توجد ملاحظات من الإدارة بعد.'}</p>
      </Card>
    </div>
  );
}
