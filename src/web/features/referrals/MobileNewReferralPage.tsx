import { Link } from 'react-router';
import { useSession } from '#lib/session';
import { Card } from '#ui/card';
import { NewReferralForm } from './NewReferralForm';

const STEPS = [
  'يُضاف الطلب إلى حسابك فوراً',
  'يصل المستأجر رابط لإكمال بياناته برسالة نصية',
  'يصلك إشعار عند كل تحديث على حالة الطلب',
];

export function MobileNewReferralPage() {
  const { profile } = useSession();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">إضافة طلب جديد</h1>
      {profile && (!profile.isActive || !profile.fullName?.trim()) ? (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          لا يمكنك إضافة طلبات حتى يكتمل ملفك ويُفعّل حسابك.{' '}
          <Link to="/mobile-profile" className="font-bold underline">
            الملف الشخصي
          </Link>
        </div>
      ) : null}
      <Card>
        <NewReferralForm variant="mobile" />
      </Card>
      <Card>
        <h2 className="mb-2 font-bold">كيف يعمل؟</h2>
        <ol className="list-inside list-decimal space-y-1 text-sm text-slate-800">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
