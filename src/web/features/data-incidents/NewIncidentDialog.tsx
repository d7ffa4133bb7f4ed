import { Controller, useForm } from 'react-hook-form';
import { dataIncidentCreateBody } from '#contract/data-incidents';
import {
  DATA_INCIDENT_CATEGORIES,
  type DataIncidentCategory,
  dataIncidentCategoryLabel,
  formatNumberAr,
  SDAIA_DEADLINE_HOURS,
  toLatinDigits,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input, Textarea } from '#ui/input';
import { toast } from '#ui/toast';
import { useRecordDataIncident } from './api';
import { instantFromRiyadhInput, riyadhDateTimeInput } from './riyadh-time';

const body = dataIncidentCreateBody.shape;

/** A count typed with any digits and grouping; nothing typed is no number. */
const countFromText = (text: string) => {
  const digits = toLatinDigits(text).replace(/[\s,٬]/g, '');
  return digits === '' ? Number.NaN : Number(digits);
};

/** The incident the server takes, from what the boxes give (text, Riyadh's clock). */
const incidentForm = z.object({
  title: body.title,
  description: body.description,
  dataCategories: body.dataCategories,
  affectedCount: z.string().transform(countFromText).pipe(body.affectedCount),
  discoveredAt: z.string().transform(instantFromRiyadhInput).pipe(body.discoveredAt),
  occurredAt: z
    .string()
    .transform((text) => (text.trim() ? instantFromRiyadhInput(text) : null))
    .pipe(body.occurredAt.unwrap()),
  measures: body.measures,
});
type Form = z.input<typeof incidentForm>;
type Values = z.output<typeof incidentForm>;

const emptyForm = (): Form => ({
  title: '',
  description: '',
  dataCategories: [],
  affectedCount: '',
  discoveredAt: riyadhDateTimeInput(new Date()),
  occurredAt: '',
  measures: '',
});

function CategoryChoices({
  selected,
  onChange,
  error,
}: {
  selected: DataIncidentCategory[];
  onChange: (categories: DataIncidentCategory[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset
      className="space-y-1"
      aria-describedby={error ? 'incident-categories-error' : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">فئات البيانات المتأثرة</legend>
      {DATA_INCIDENT_CATEGORIES.map((category) => (
        <label key={category} className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5 shrink-0"
            checked={selected.includes(category)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? [...selected, category]
                  : selected.filter((chosen) => chosen !== category),
              )
            }
          />
          <span>{dataIncidentCategoryLabel(category)}</span>
        </label>
      ))}
      {error ? (
        <p id="incident-categories-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** «تسجيل حادثة»: what happened, what it touched, and when it was discovered. */
export function NewIncidentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(incidentForm),
    defaultValues: emptyForm(),
  });
  const record = useRecordDataIncident({
    onSuccess: (incident) => {
      onOpenChange(false);
      form.reset(emptyForm());
      toast({ title: 'سُجّلت الحادثة', description: incident.title });
    },
  });
  // The form's own messages first, then those the server sent for a field.
  const server = fieldErrors(record.error);
  const invalid = form.formState.errors;
  const errors = {
    title: invalid.title?.message ?? server.title,
    description: invalid.description?.message ?? server.description,
    dataCategories: invalid.dataCategories?.message ?? server.dataCategories,
    affectedCount: invalid.affectedCount?.message ?? server.affectedCount,
    discoveredAt: invalid.discoveredAt?.message ?? server.discoveredAt,
    occurredAt: invalid.occurredAt?.message ?? server.occurredAt,
    measures: invalid.measures?.message ?? server.measures,
  };
  const latest = riyadhDateTimeInput(new Date());
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="تسجيل حادثة"
      description="سجّل الحادثة فور العلم بها: تبدأ المهلة من وقت اكتشافها، ولا تُحذف الحادثة من السجل بعد حفظها."
    >
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => record.mutate(values))}
        noValidate
      >
        <FormField label="عنوان الحادثة" error={errors.title}>
          {(control) => <Input {...control} {...form.register('title')} />}
        </FormField>
        <FormField label="ماذا حدث؟" error={errors.description}>
          {(control) => <Textarea {...control} rows={4} {...form.register('description')} />}
        </FormField>
        <Controller
          control={form.control}
          name="dataCategories"
          render={({ field }) => (
            <CategoryChoices
              selected={field.value}
              onChange={field.onChange}
              error={errors.dataCategories}
            />
          )}
        />
        <FormField label="العدد التقريبي للأشخاص المتأثرين" error={errors.affectedCount}>
          {(control) => (
            <Input {...control} inputMode="numeric" {...form.register('affectedCount')} />
          )}
        </FormField>
        <FormField
          label="وقت اكتشاف الحادثة"
          hint={`بتوقيت الرياض. تُحسب مهلة الـ${formatNumberAr(SDAIA_DEADLINE_HOURS)} ساعة لإبلاغ سدايا من هذا الوقت.`}
          error={errors.discoveredAt}
        >
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              max={latest}
              {...form.register('discoveredAt')}
            />
          )}
        </FormField>
        <FormField label="وقت وقوع الحادثة (اختياري)" error={errors.occurredAt}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              max={latest}
              {...form.register('occurredAt')}
            />
          )}
        </FormField>
        <FormField label="إجراءات الاحتواء المتخذة (اختياري)" error={errors.measures}>
          {(control) => <Textarea {...control} rows={3} {...form.register('measures')} />}
        </FormField>
        {record.error && Object.keys(server).length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(record.error, 'تعذر حفظ الحادثة')}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={record.isPending}>
          {record.isPending ? 'جاري الحفظ...' : 'حفظ الحادثة'}
        </Button>
      </form>
    </Dialog>
  );
}
