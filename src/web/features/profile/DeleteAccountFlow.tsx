import { useState } from 'react';
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

/** Warning → type the exact phrase → final confirmation; cancel at any step starts over. */
export function DeleteAccountFlow() {
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
        navigate('/mobile', { replace: true });
      }, LOGOUT_DELAY_MS);
    },
    onError: errorToast('خطأ في حذف الحساب', 'حدث خطأ أثناء حذف الحساب'),
  });

  return (
    <>
      <Button variant="destructive" className="w-full" onClick={() => setStep('warning')}>
        حذف الحساب
      </Button>
      <Dialog open={step === 'warning'} onOpenChange={(open) => !open && cancel()} title="تحذير">
        <p className="mb-4 text-slate-800">
          سيتم حذف حسابك وبياناتك الشخصية نهائياً، وإغلاق طلباتك المفتوحة وحذف مستندات المستأجرين،
          ولا يمكن التراجع عن ذلك. تبقى سجلات العمولات والتحويلات محفوظة لدى الإدارة.
        </p>
        <div className="flex gap-2">
          <Button variant="destructive" onClick={() => setStep('phrase')}>
            متابعة
          </Button>
          <Button variant="outline" onClick={cancel}>
            إلغاء
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={step === 'phrase'}
        onOpenChange={(open) => !open && cancel()}
        title="تأكيد الحذف"
      >
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
          <div className="flex gap-2">
            <Button
              variant="destructive"
              disabled={typed !== PHRASE}
              onClick={() => setStep('confirm')}
            >
              تأكيد
            </Button>
            <Button variant="outline" onClick={cancel}>
              إلغاء
            </Button>
          </div>
        </div>
      </Dialog>
      <Dialog
        open={step === 'confirm'}
        onOpenChange={(open) => !open && cancel()}
        title="الحذف النهائي"
      >
        <p className="mb-4 text-slate-800">هل أنت متأكد؟ هذه هي الخطوة الأخيرة.</p>
        <div className="flex gap-2">
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            حذف الحساب نهائياً
          </Button>
          <Button variant="outline" onClick={cancel}>
            إلغاء
          </Button>
        </div>
      </Dialog>
    </>
  );
}
