import { useMutation } from '@tanstack/react-query';
import { errorToast, toast } from '../../components/ui/toast';
import { apiRequest } from '../../lib/api';
import { refreshSession } from '../../lib/session';

/** Asks the administration to activate the account; the banner's button then disappears. */
export function useRequestActivation() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/broker/request-activation'),
    onSuccess: async () => {
      toast({ title: 'تم إرسال طلب التفعيل', description: 'سيتم مراجعة طلبك من قبل الإدارة' });
      await refreshSession();
    },
    onError: errorToast('خطأ', 'حدث خطأ في إرسال الطلب'),
  });
}
