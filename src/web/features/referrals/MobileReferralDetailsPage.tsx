import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
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
import { LinkDeliveryCard } from './LinkDeliveryCard';
import { ReferralDetailsQuery } from './ReferralDetailsQuery';
import { ReferralHistoryCard } from './StatusTimeline';
import { TenantDataCard } from './TenantDataCard';

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
        <Link
          to={`/mobile-messages?referral=${r.id}`}
          className={buttonClasses('outline', 'w-full')}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          مراسلة الفريق بشأن الطلب
        </Link>
      </Card>
      <LinkDeliveryCard r={r} className="p-4" />
      <ReferralHistoryCard history={r.history} className="p-4" />
      <TenantDataCard r={r} className="p-4" />
    </div>
  );
}
