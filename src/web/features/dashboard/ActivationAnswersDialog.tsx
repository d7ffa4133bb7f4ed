import { useState } from 'react';
import { MAX_ACTIVATION_ANSWER } from '#domain/activation-limits';
import type { ActivationRequestInput } from '#domain/activation-questions';
import { errorMessage, fieldErrors } from '#lib/api';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Textarea } from '#ui/input';
import type { AskedQuestion } from './activation-api';

const REQUIRED = 'يرجى الإجابة عن هذا السؤال';

/**
 * The activation questions (decision record 076), each answered in a text box labelled by the
 * question, sent with the activation request together with the question as it was read. What
 * the broker wrote is kept by question, so questions read again after a change keep it. A
 * required question left empty is said at once; the server's refusal of an answer under it.
 */
export function ActivationAnswersDialog({
  questions,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  questions: AskedQuestion[];
  pending: boolean;
  /** The request's refusal, if the last one was refused. */
  error: unknown;
  onSubmit: (answers: ActivationRequestInput['answers']) => void;
  onClose: () => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const server = fieldErrors(error);
  const errorOf = (index: number, question: AskedQuestion) =>
    missing.has(question.id)
      ? REQUIRED
      : (server[`answers.${index}.answer`] ?? server[`answers.${question.id}`]);
  const fieldRefused = questions.some((question, index) => errorOf(index, question));
  const submit = () => {
    const empty = new Set(
      questions
        .filter((question) => question.required && !answers[question.id]?.trim())
        .map((question) => question.id),
    );
    setMissing(empty);
    if (empty.size > 0) return;
    onSubmit(
      questions.map((question) => ({
        questionId: question.id,
        prompt: question.prompt,
        answer: answers[question.id] ?? '',
      })),
    );
  };
  return (
    <Dialog
      onClose={onClose}
      title="طلب تفعيل الحساب"
      description="أجب عن أسئلة الإدارة ليُراجع طلبك. الأسئلة المعلّمة باختياري يمكن تركها."
    >
      <form
        noValidate
        aria-label="أسئلة طلب التفعيل"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {questions.map((question, index) => (
          <FormField
            key={question.id}
            label={
              <>
                <bdi>{question.prompt}</bdi>
                {question.required ? null : ' (اختياري)'}
              </>
            }
            error={errorOf(index, question)}
          >
            {(control) => (
              <Textarea
                {...control}
                value={answers[question.id] ?? ''}
                rows={3}
                maxLength={MAX_ACTIVATION_ANSWER}
                aria-required={question.required}
                onChange={(event) => {
                  const text = event.target.value;
                  setAnswers((before) => ({ ...before, [question.id]: text }));
                  setMissing((before) => {
                    const after = new Set(before);
                    after.delete(question.id);
                    return after;
                  });
                }}
              />
            )}
          </FormField>
        ))}
        {error && !fieldRefused ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(error, 'حدث خطأ في إرسال الطلب')}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'جاري الإرسال...' : 'إرسال طلب التفعيل'}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            إلغاء
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
