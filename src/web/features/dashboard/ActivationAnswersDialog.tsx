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
 * question, sent with the activation request. A required question left empty is said at once;
 * the server's refusal of an answer shows under it.
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
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ''));
  const [missing, setMissing] = useState<boolean[]>(() => questions.map(() => false));
  const server = fieldErrors(error);
  const errorOf = (index: number, question: AskedQuestion) =>
    missing[index]
      ? REQUIRED
      : (server[`answers.${index}.answer`] ?? server[`answers.${question.id}`]);
  const fieldRefused = questions.some((question, index) => errorOf(index, question));
  const submit = () => {
    const empty = questions.map((question, index) => question.required && !answers[index]?.trim());
    setMissing(empty);
    if (empty.some(Boolean)) return;
    onSubmit(
      questions.map((question, index) => ({
        questionId: question.id,
        answer: answers[index] ?? '',
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
                value={answers[index] ?? ''}
                rows={3}
                maxLength={MAX_ACTIVATION_ANSWER}
                aria-required={question.required}
                onChange={(event) => {
                  const text = event.target.value;
                  setAnswers((before) => before.map((old, at) => (at === index ? text : old)));
                  setMissing((before) => before.map((old, at) => (at === index ? false : old)));
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
