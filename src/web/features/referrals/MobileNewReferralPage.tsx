import { Link } from 'react-router';
import { useSession } from '#lib/session';
import { buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { MOBILE_NAME_FIELD_PATH } from '../profile';
import { ProgramTermsGate } from '../program-terms';
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
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>لا يمكنك إضافة طلبات حتى يكتمل ملفك ويُفعّل حسابك.</p>
          {/* To the step that is missing: the name first, then the activation request. */}
          <Link
            to={profile.fullName?.trim() ? '/mobile-dashboard' : MOBILE_NAME_FIELD_PATH}
            className={buttonClasses('outline', 'w-full')}
          >
            {!profile.fullName?.trim()
              ? 'إكمال الاسم الكامل'
              : profile.activationRequestedAt
                ? 'متابعة طلب التفعيل'
                : 'طلب تفعيل الحساب'}
          </Link>
        </div>
      ) : null}
      <Card>
        <ProgramTermsGate purpose="referral">
          <NewReferralForm variant="mobile" />
        </ProgramTermsGate>
      </Card>
      <Card>
        <h2 className="mb-2 font-bold">كيف يعمل؟</h2>
        <ol className="list-inside list-[arabic-indic] space-y-1 text-sm text-slate-800">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
