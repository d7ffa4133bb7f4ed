import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '#lib/api';
import { errorToast, toast } from '#ui/toast';
import { ActivationAnswersDialog } from './ActivationAnswersDialog';
import { askedQuestionsQuery, useRequestActivationMutation } from './activation-api';

const unread = errorToast('تعذر تحميل أسئلة طلب التفعيل', 'يرجى المحاولة مرة أخرى');
const refused = errorToast('خطأ', 'حدث خطأ في إرسال الطلب');

/**
 * The activation request once the broker asks (decision record 076): the questions in force are
 * read; with none, the request is sent at once; with some, their dialog sends the answers with
 * it, and when the server says the questions changed meanwhile, they are read again and shown
 * with what the broker already wrote. `onDone` once the request is sent and the profile says so,
 * when it is refused outside the dialog, or when the dialog is closed.
 */
export function ActivationRequest({ onDone }: { onDone: () => void }) {
  const questions = useQuery(askedQuestionsQuery());
  const request = useRequestActivationMutation({
    onSuccess: () =>
      toast({ title: 'تم إرسال طلب التفعيل', description: 'سيتم مراجعة طلبك من قبل الإدارة' }),
    onRefreshed: onDone,
  });
  const sent = useRef(false);
  const items = questions.data?.items;
  const unreadable = questions.isError && !items;
  useEffect(() => {
    if (unreadable) {
      unread(questions.error);
      onDone();
    } else if (items?.length === 0 && !sent.current) {
      sent.current = true;
      request.mutate(undefined, {
        onError: (error) => {
          refused(error);
          onDone();
        },
      });
    }
  }, [items, unreadable, questions.error, request, onDone]);
  if (!items || items.length === 0) return null;
  return (
    <ActivationAnswersDialog
      questions={items}
      pending={request.isPending || questions.isFetching}
      error={request.error}
      onSubmit={(answers) =>
        request.mutate(
          { answers },
          {
            onError: (error) => {
              if (isApiError(error, 409)) void questions.refetch();
            },
          },
        )
      }
      onClose={onDone}
    />
  );
}
