import { ExternalLink } from 'lucide-react';
import { formatDateAr, formatSar } from '#domain';
import { useSession } from '#lib/session';
import type { ReferralDetails } from '#lib/types';
import { buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { CallLink, WhatsappLink } from '#ui/contact-links';
import { StageClock } from '#ui/stage-clock';
import { ReferralStatusBadge } from '#ui/status-badge';
import { ReferralSourceBadge } from '../referral-link';
import { BackLink } from '../shell';
import { DocumentLinks } from './DocumentLinks';
import { LinkDeliveryCard } from './LinkDeliveryCard';
import { ReferralDetailsQuery } from './ReferralDetailsQuery';
import { ReferralHistoryCard } from './StatusTimeline';

export function MobileReferralDetailsPage() {
  return (
    <>
      <BackLink href="/mobile-referrals" to="طلباتي" />
      <ReferralDetailsQuery notFound="الطلب غير موجود">
        {(r) => <ReferralDetail r={r} />}
      </ReferralDetailsQuery>
    </>
  );
}

function ReferralDetail({ r }: { r: ReferralDetails }) {
  const { profile } = useSession();
  const tenant = r.tenantData;

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">تفاصيل الطلب</h1>
      <Card className="space-y-2 p-4">
        <ReferralStatusBadge status={r.status} />
        <ReferralSourceBadge source={r.source} />
        <StageClock clock={r.stageClock} />
        <p className="text-sm">تاريخ الإنشاء: {formatDateAr(r.createdAt)}</p>
        <p className="text-sm">
          {r.rentAmount ? `الإيجار: ${formatSar(r.rentAmount)}` : 'الإيجار غير محدد'}
        </p>
      </Card>
      <Card className="space-y-3 p-4">
        <CardTitle>التواصل</CardTitle>
        {profile ? (
          <p className="text-sm">
            جوال الوسيط: <bdi dir="ltr">{profile.phone}</bdi>
          </p>
        ) : null}
        <p className="text-sm">
          جوال المستأجر: <bdi dir="ltr">{r.tenantPhone}</bdi>
        </p>
        <div className="grid grid-cols-2 gap-2">
          <CallLink phone={r.tenantPhone}>اتصال</CallLink>
          <WhatsappLink phone={r.tenantPhone}>واتساب</WhatsappLink>
        </div>
      </Card>
      <LinkDeliveryCard r={r} className="p-4" />
      <ReferralHistoryCard history={r.history} className="p-4" />
      <Card className="space-y-2 p-4">
        <CardTitle>بيانات المستأجر</CardTitle>
        {tenant ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">الاسم</dt>
            <dd>{tenant.name}</dd>
            <dt className="text-slate-700">الراتب الشهري</dt>
            <dd>{formatSar(tenant.income)}</dd>
            <dt className="text-slate-700">الالتزامات الشهرية</dt>
            <dd>{formatSar(tenant.monthlyObligations)}</dd>
            <dt className="text-slate-700">صافي الراتب</dt>
            <dd>{formatSar(Number(tenant.income) - Number(tenant.monthlyObligations))}</dd>
            <dt className="text-slate-700">تاريخ الإرسال</dt>
            <dd>{formatDateAr(tenant.submittedAt)}</dd>
            <dt className="text-slate-700">المستندات المرفقة</dt>
            <dd>
              <DocumentLinks
                salary={tenant.salaryDefinitionFile}
                credit={tenant.creditReportFile}
              />
            </dd>
          </dl>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              لم يُدخل المستأجر بياناته بعد. يمكنه إكمالها عبر الرابط المرسل إليه.
            </p>
            <a
              href={r.tenantFormUrl}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses('outline', 'w-full')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              فتح نموذج المستأجر
            </a>
          </>
        )}
      </Card>
    </div>
  );
}
