import { errorToast, toast } from '#ui/toast';
import { useRequestActivationMutation } from './api';

/** Asks the administration to activate the account; the banner's button then disappears. */
export function useRequestActivation() {
  return useRequestActivationMutation({
    onSuccess: () =>
      toast({ title: 'تم إرسال طلب التفعيل', description: 'سيتم مراجعة طلبك من قبل الإدارة' }),
    onError: errorToast('خطأ', 'حدث خطأ في إرسال الطلب'),
  });
}
