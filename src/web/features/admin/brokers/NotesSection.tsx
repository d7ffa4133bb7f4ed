import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type BrokerNoteInput, brokerNoteBody, formatDateTimeAr } from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { type z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Skeleton } from '#ui/feedback';
import { FormField, Textarea } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { toast } from '#ui/toast';
import { type AdminBroker, brokerNotesQuery, useAddBrokerNote } from './api';

type Values = z.output<typeof brokerNoteBody>;

/**
 * «ملاحظات الفريق» in a broker's details (decision 073): what the team wrote on the broker,
 * newest first, each with its author and time, and a new note added. Notes are kept for good
 * and never shown to the broker.
 */
export function NotesSection({ broker }: { broker: AdminBroker }) {
  const titleId = useId();
  const notes = useQuery(brokerNotesQuery(broker.id));
  const form = useForm<BrokerNoteInput, unknown, Values>({
    resolver: zodResolver(brokerNoteBody),
    defaultValues: { body: '' },
  });
  const add = useAddBrokerNote({
    onSuccess: () => {
      form.reset({ body: '' });
      toast({ title: 'أُضيفت الملاحظة' });
    },
  });
  const server = fieldErrors(add.error);
  const error = form.formState.errors.body?.message ?? server.body;
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="space-y-1">
        <h3 id={titleId} className="font-bold">
          ملاحظات الفريق
        </h3>
        <p className="text-sm text-slate-700">لا يراها الوسيط، وتبقى محفوظة.</p>
      </div>
      <form
        noValidate
        aria-label="إضافة ملاحظة"
        className="space-y-2"
        onSubmit={form.handleSubmit((values) => add.mutate({ id: broker.id, ...values }))}
      >
        <FormField label="ملاحظة جديدة" error={error}>
          {(control) => <Textarea {...control} {...form.register('body')} maxLength={2000} />}
        </FormField>
        {add.error && !error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(add.error, 'تعذر إضافة الملاحظة')}
          </p>
        ) : null}
        <Button type="submit" variant="outline" disabled={add.isPending}>
          {add.isPending ? 'جاري الحفظ...' : 'إضافة الملاحظة'}
        </Button>
      </form>
      <QueryView
        query={notes}
        loading={<Skeleton className="h-16" />}
        errorFallback="تعذر تحميل الملاحظات"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">لا توجد ملاحظات بعد.</p>}
      >
        {(data) => (
          <ul aria-label="الملاحظات" className="divide-y divide-slate-200">
            {data.items.map((note) => (
              <li key={note.id} className="space-y-1 py-2">
                <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
                <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
                  <bdi>{note.author || 'مشرف'}</bdi>
                  <span>{formatDateTimeAr(note.createdAt)}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
