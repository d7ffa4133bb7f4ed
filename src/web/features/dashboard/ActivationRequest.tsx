import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorToast, toast } from '#ui/toast';
import { ActivationAnswersDialog } from './ActivationAnswersDialog';
import { askedQuestionsQuery, useRequestActivationMutation } from './activation-api';

const refused = errorToast('خطأ', 'حدث خطأ في إرسال الطلب');

/**
 * The activation request once the broker asks (decision record 076): the questions in force are
 * read; with none, the request is sent at once; with some, their dialog sends the answers with
 * it. `onDone` when it is sent, refused outside the dialog, or the dialog closed.
 */
export function ActivationRequest({ onDone }: { onDone: () => void }) {
  const questions = useQuery(askedQuestionsQuery());
  const request = useRequestActivationMutation({
    onSuccess: () => {
      toast({ title: 'تم إرسال طلب التفعيل', description: 'سيتم مراجعة طلبك من قبل الإدارة' });
      onDone();
    },
  });
  const sent = useRef(false);
  const items = questions.data?.items;
  useEffect(() => {
    if (questions.isError) {
      refused(questions.error);
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
  }, [items, questions.isError, questions.error, request, onDone]);
  if (!items || items.length === 0) return null;
  return (
    <ActivationAnswersDialog
      questions={items}
      pending={request.isPending}
      error={request.error}
      onSubmit={(answers) => request.mutate({ answers })}
      onClose={onDone}
    />
  );
}
