import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '#lib/query-client';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';
import { errorToast, toast } from '#ui/toast';
import { useDeleteAccount } from './api';

const PHRASE = 'حذف الحساب';
const LOGOUT_DELAY_MS = 2000;

type Step = 'closed' | 'warning' | 'phrase' | 'confirm';

/** A step of the flow: dismissing its dialog cancels the flow, as «إلغاء» does. */
function StepDialog({
  open,
  title,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()} title={title}>
      {children}
    </Dialog>
  );
}

/** A step's action, with «إلغاء» beside it. */
function StepActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      {children}
      <Button variant="outline" onClick={onCancel}>
        إلغاء
      </Button>
    </div>
  );
}

/**
 * Warning → type the exact phrase → final confirmation; cancel at any step starts over. Once
 * deleted, the app's sign-in page (`signedOutTo`) after two seconds.
 */
export function DeleteAccountFlow({ signedOutTo }: { signedOutTo: '/mobile' | '/login' }) {
  const [step, setStep] = useState<Step>('closed');
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const cancel = () => {
    setStep('closed');
    setTyped('');
  };
  const remove = useDeleteAccount({
    onSuccess: () => {
      cancel();
      toast({ title: 'تم حذف الحساب' });
      setTimeout(() => {
        queryClient.clear();
        navigate(signedOutTo, { replace: true });
      }, LOGOUT_DELAY_MS);
    },
    onError: errorToast('خطأ في حذف الحساب', 'حدث خطأ أثناء حذف الحساب'),
  });

  return (
    <>
      <Button variant="destructive" className="w-full sm:w-auto" onClick={() => setStep('warning')}>
        حذف الحساب
      </Button>
      <StepDialog open={step === 'warning'} title="تحذير" onCancel={cancel}>
        <p className="mb-4 text-slate-800">
          سيتم حذف حسابك وبياناتك الشخصية نهائياً، وإغلاق طلباتك المفتوحة وحذف مستندات المستأجرين،
          ولا يمكن التراجع عن ذلك. تبقى سجلات العمولات والتحويلات محفوظة لدى الإدارة.
        </p>
        <StepActions onCancel={cancel}>
          <Button variant="destructive" onClick={() => setStep('phrase')}>
            متابعة
          </Button>
        </StepActions>
      </StepDialog>
      <StepDialog open={step === 'phrase'} title="تأكيد الحذف" onCancel={cancel}>
        <div className="space-y-4">
          <FormField label={`اكتب «${PHRASE}» للتأكيد`}>
            {(control) => (
              <Input
                {...control}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <StepActions onCancel={cancel}>
            <Button
              variant="destructive"
              disabled={typed !== PHRASE}
              onClick={() => setStep('confirm')}
            >
              تأكيد
            </Button>
          </StepActions>
        </div>
      </StepDialog>
      <StepDialog open={step === 'confirm'} title="الحذف النهائي" onCancel={cancel}>
        <p className="mb-4 text-slate-800">هل أنت متأكد؟ هذه هي الخطوة الأخيرة.</p>
        <StepActions onCancel={cancel}>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            حذف الحساب نهائياً
          </Button>
        </StepActions>
      </StepDialog>
    </>
  );
}
