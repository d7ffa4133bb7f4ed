import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { holiday as holidayBody } from '#contract/superadmin';
import { formatDayAr, toLatinDigits } from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { holidaysQuery, useAddHoliday, useRemoveHoliday } from './api';

const holiday = holidayBody.shape;

/** The holiday the server takes, its day in Latin digits as the date box may not give them. */
const holidayForm = z.object({
  day: z
    .string()
    .transform((day) => toLatinDigits(day.trim()))
    .pipe(holiday.day),
  name: holiday.name,
});
type Form = z.input<typeof holidayForm>;
type Values = z.output<typeof holidayForm>;

/**
 * /holidays (super-admins): the Saudi public holidays the service clocks skip. Adding or
 * removing one computes every open deadline again.
 */
export function HolidaysPage() {
  const holidays = useQuery(holidaysQuery());
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(holidayForm),
    defaultValues: { day: '', name: '' },
  });
  const add = useAddHoliday({
    onSuccess: (added) => {
      form.reset();
      toast({ title: 'أُضيفت العطلة', description: `${added.name}، ${formatDayAr(added.day)}` });
    },
  });
  const remove = useRemoveHoliday({
    onSuccess: () => toast({ title: 'حُذفت العطلة' }),
    onError: errorToast('تعذر حذف العطلة', 'يرجى المحاولة مرة أخرى'),
  });
  // The form's own messages first, then those the server sent for a field.
  const server = fieldErrors(add.error);
  const errors = {
    day: form.formState.errors.day?.message ?? server.day,
    name: form.formState.errors.name?.message ?? server.name,
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">العطل الرسمية</h1>
        <p className="text-slate-700">
          تُحسب مهلة الخدمة بساعات العمل: من الأحد إلى الخميس، ٨ صباحاً إلى ٥ مساءً بتوقيت الرياض، ولا
          تُحسب أيام العطل المسجلة هنا.
        </p>
      </div>
      <Card>
        <form
          className="space-y-4"
          onSubmit={form.handleSubmit((values) => add.mutate(values))}
          noValidate
        >
          <CardTitle>إضافة عطلة</CardTitle>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="اليوم" error={errors.day}>
              {(control) => <Input {...control} {...form.register('day')} type="date" />}
            </FormField>
            <FormField label="اسم العطلة" error={errors.name}>
              {(control) => (
                <Input {...control} {...form.register('name')} placeholder="مثل: اليوم الوطني" />
              )}
            </FormField>
          </div>
          {add.error && !server.day && !server.name ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(add.error, 'تعذر إضافة العطلة')}
            </p>
          ) : null}
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'جاري الحفظ...' : 'إضافة'}
          </Button>
        </form>
      </Card>
      <Card className="space-y-4">
        <CardTitle>العطل المسجلة</CardTitle>
        <QueryView
          query={holidays}
          loading={<Skeleton className="h-24" />}
          errorFallback="تعذر تحميل العطل"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="لا توجد عطل مسجلة" />}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100">
              {data.items.map((holiday) => (
                <li
                  key={holiday.day}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span className="flex flex-wrap gap-x-3">
                    <strong>{holiday.name}</strong>
                    <span>{formatDayAr(holiday.day)}</span>
                  </span>
                  <Button
                    variant="outline"
                    disabled={remove.isPending}
                    aria-label={`حذف ${holiday.name}`}
                    onClick={() => remove.mutate(holiday.day)}
                  >
                    حذف
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  );
}
