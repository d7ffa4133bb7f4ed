import { errorToast, toast } from '#ui/toast';

/**
 * The toasts of a console action that names its own success (a payment, a reversal, a
 * rejection): that text once done, the server's message if it fails.
 */
export const ACTION_TOASTS = {
  onSuccess: (_data: unknown, done: { success: string }) => toast({ title: done.success }),
  onError: errorToast('خطأ', 'حدث خطأ غير متوقع'),
};
