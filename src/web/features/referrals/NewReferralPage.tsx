import { Card } from '#ui/card';
import { ProgramTermsGate } from '../program-terms';
import { NewReferralForm } from './NewReferralForm';

export function NewReferralPage() {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">إحالة جديدة</h1>
      <p className="text-slate-700">
        أدخل رقم جوال المستأجر، وسنرسل له رابطاً لإكمال بياناته بنفسه.
      </p>
      <Card>
        <ProgramTermsGate purpose="referral">
          <NewReferralForm variant="desktop" />
        </ProgramTermsGate>
      </Card>
    </div>
  );
}
