import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ActivationQuestionInput,
  activationQuestionBody,
  arabicCount,
  MAX_ACTIVATION_QUESTIONS,
  NOUNS,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { zodResolver } from '#lib/validation';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Checkbox } from '#ui/checkbox';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import {
  type ActivationQuestion,
  activationQuestionsQuery,
  useCreateActivationQuestion,
  useRemoveActivationQuestion,
  useUpdateActivationQuestion,
} from './activation-questions-api';

const EMPTY: ActivationQuestionInput = { prompt: '', required: true };

/**
 * «أسئلة طلب التفعيل» on /groups (decision record 076): the questions every broker answers when
 * requesting activation, in the order asked, each changed or deleted; a new one added. The team
 * reads the answers in the broker's details, each with the question as the broker read it.
 */
export function ActivationQuestionsCard() {
  const titleId = useId();
  const questions = useQuery(activationQuestionsQuery());
  const full = (questions.data?.items.length ?? 0) >= MAX_ACTIVATION_QUESTIONS;
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-1">
        <CardTitle id={titleId}>أسئلة طلب التفعيل</CardTitle>
        <p className="text-sm text-slate-700">
          يجيب عنها الوسيط حين يطلب تفعيل حسابه، ويقرأ المشرفون إجاباته في تفاصيله. تعديل السؤال أو
          حذفه لا يغيّر الإجابات السابقة. عشرة أسئلة على الأكثر، ولا تطلب فيها بيانات لا يحتاجها قرار
          التفعيل.
        </p>
      </div>
      <QueryView
        query={questions}
        loading={<Skeleton className="h-16" />}
        errorFallback="تعذر تحميل الأسئلة"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">لا توجد أسئلة، ويُرسل الطلب دون إجابات.</p>}
      >
        {(data) => (
          <ol aria-label="أسئلة طلب التفعيل" className="divide-y divide-slate-100">
            {data.items.map((question) => (
              <QuestionRow key={question.id} question={question} />
            ))}
          </ol>
        )}
      </QueryView>
      {full ? null : <NewQuestionForm />}
    </Card>
  );
}

function QuestionRow({ question }: { question: ActivationQuestion }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const remove = useRemoveActivationQuestion({
    onSuccess: () => toast({ title: 'حُذف السؤال', description: question.prompt }),
    onError: errorToast('تعذر حذف السؤال', 'يرجى المحاولة مرة أخرى'),
  });
  if (mode === 'edit') {
    return (
      <li className="py-3">
        <QuestionForm
          label={`تعديل السؤال: ${question.prompt}`}
          initial={{ prompt: question.prompt, required: question.required }}
          id={question.id}
          onDone={() => setMode('view')}
        />
      </li>
    );
  }
  return (
    <li className="space-y-2 py-3">
      <p className="font-bold break-words">{question.prompt}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge tone={question.required ? 'info' : 'neutral'}>
          {question.required ? 'إجابته مطلوبة' : 'اختياري'}
        </Badge>
        {question.answered === 0
          ? 'لم يُجب عنه أحد بعد'
          : `أجاب عنه ${arabicCount(question.answered, NOUNS.broker)}`}
      </p>
      {mode === 'remove' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="destructive"
            aria-label={`تأكيد حذف السؤال: ${question.prompt}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(question.id)}
          >
            تأكيد الحذف
          </Button>
          <Button variant="outline" onClick={() => setMode('view')}>
            إلغاء
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-label={`تعديل السؤال: ${question.prompt}`}
            onClick={() => setMode('edit')}
          >
            تعديل
          </Button>
          <Button
            variant="outline"
            aria-label={`حذف السؤال: ${question.prompt}`}
            onClick={() => setMode('remove')}
          >
            حذف
          </Button>
        </div>
      )}
    </li>
  );
}

function NewQuestionForm() {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <QuestionForm label="إضافة سؤال" initial={EMPTY} />
    </div>
  );
}

/** A question's text and whether it must be answered: added, or changed when `id` names one. */
function QuestionForm({
  label,
  initial,
  id,
  onDone,
}: {
  label: string;
  initial: ActivationQuestionInput;
  id?: string;
  onDone?: () => void;
}) {
  const form = useForm<ActivationQuestionInput>({
    resolver: zodResolver(activationQuestionBody),
    defaultValues: initial,
  });
  const saved = (title: string) => (question: ActivationQuestion) => {
    toast({ title, description: question.prompt });
    form.reset(EMPTY);
    onDone?.();
  };
  const create = useCreateActivationQuestion({ onSuccess: saved('أُضيف السؤال') });
  const update = useUpdateActivationQuestion({ onSuccess: saved('حُفظ السؤال') });
  const save = id ? update : create;
  const server = fieldErrors(save.error);
  const error = form.formState.errors.prompt?.message ?? server.prompt;
  const required = form.watch('required');
  return (
    <form
      noValidate
      aria-label={label}
      className="space-y-3"
      onSubmit={form.handleSubmit((values) =>
        id ? update.mutate({ id, ...values }) : create.mutate(values),
      )}
    >
      {id ? null : <h3 className="font-bold">{label}</h3>}
      <FormField label="نص السؤال" error={error}>
        {(control) => <Input {...control} {...form.register('prompt')} maxLength={200} />}
      </FormField>
      <Checkbox
        className="flex min-h-11 cursor-pointer items-center gap-2"
        boxClassName="size-5 shrink-0 accent-brand-700"
        checked={required}
        onCheckedChange={(checked) => form.setValue('required', checked)}
      >
        <span className="text-sm">الإجابة مطلوبة</span>
      </Checkbox>
      {save.error && !error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(save.error, 'تعذر حفظ السؤال')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'جاري الحفظ...' : id ? 'حفظ السؤال' : 'إضافة السؤال'}
        </Button>
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            إلغاء
          </Button>
        ) : null}
      </div>
    </form>
  );
}
