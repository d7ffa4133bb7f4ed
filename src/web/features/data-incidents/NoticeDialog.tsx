import { useForm } from 'react-hook-form';
import { dataIncidentUpdateBody } from '#contract/data-incidents';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';
import { toast } from '#ui/toast';
import { type DataIncident, type DataIncidentChange, useChangeDataIncident } from './api';
import { instantFromRiyadhInput, riyadhDateTimeInput } from './riyadh-time';

/** Who is told: SDAIA, or the people whose data it is. */
export type Audience = 'sdaia' | 'subjects';

const update = dataIncidentUpdateBody.shape;

const WORDS = {
  sdaia: {
    title: 'تسجيل إبلاغ سدايا',
    description:
      'سجّل إبلاغ الهيئة السعودية للبيانات والذكاء الاصطناعي عبر المنصة الوطنية لحوكمة البيانات. يُسجَّل الإبلاغ مرة واحدة ولا يمكن تعديله بعد حفظه.',
    legend: 'إبلاغ سدايا',
    notified: 'أُبلغت سدايا',
    notRequired: 'لا يلزم إبلاغ سدايا: لا يُحتمل أن تضر الحادثة بالبيانات أو بأصحابها',
    saved: 'سُجّل إبلاغ سدايا',
    at: update.sdaiaNotifiedAt,
    field: 'sdaiaNotifiedAt',
  },
  subjects: {
    title: 'تسجيل إبلاغ أصحاب البيانات',
    description:
      'يُبلَّغ أصحاب البيانات دون تأخير إذا كانت الحادثة قد تضرهم. يُسجَّل الإبلاغ مرة واحدة ولا يمكن تعديله بعد حفظه.',
    legend: 'إبلاغ أصحاب البيانات',
    notified: 'أُبلغ أصحاب البيانات',
    notRequired: 'لا يلزم إبلاغهم: لا يُحتمل أن تضرهم الحادثة',
    saved: 'سُجّل إبلاغ أصحاب البيانات',
    at: update.subjectsNotifiedAt,
    field: 'subjectsNotifiedAt',
  },
} as const;

const noticeForm = (audience: Audience) =>
  z
    .object({
      notice: z.enum(['notified', 'not_required']),
      notifiedAt: z.string(),
      reference: z.string(),
    })
    .superRefine((values, context) => {
      if (values.notice !== 'notified') return;
      const at = WORDS[audience].at.safeParse(instantFromRiyadhInput(values.notifiedAt));
      if (!at.success) {
        context.addIssue({
          code: 'custom',
          path: ['notifiedAt'],
          message: at.error.issues[0]?.message ?? '',
        });
      }
      const reference = update.sdaiaReference.safeParse(values.reference);
      if (!reference.success) {
        context.addIssue({
          code: 'custom',
          path: ['reference'],
          message: reference.error.issues[0]?.message ?? '',
        });
      }
    });
type Form = z.input<ReturnType<typeof noticeForm>>;

/** The change the server takes for what the form says. */
function changeOf(audience: Audience, values: Form): DataIncidentChange {
  const at = instantFromRiyadhInput(values.notifiedAt);
  if (audience === 'subjects') {
    return values.notice === 'notified'
      ? { subjectsNotice: 'notified', subjectsNotifiedAt: at }
      : { subjectsNotice: 'not_required' };
  }
  if (values.notice !== 'notified') return { sdaiaNotice: 'not_required' };
  const reference = values.reference.trim();
  return {
    sdaiaNotice: 'notified',
    sdaiaNotifiedAt: at,
    ...(reference ? { sdaiaReference: reference } : {}),
  };
}

/** A notice given (its time, and SDAIA's reference), or judged not required. */
export function NoticeDialog({
  incident,
  audience,
  onClose,
}: {
  incident: DataIncident;
  audience: Audience;
  onClose: () => void;
}) {
  const words = WORDS[audience];
  const form = useForm<Form>({
    resolver: zodResolver(noticeForm(audience)),
    defaultValues: {
      notice: 'notified',
      notifiedAt: riyadhDateTimeInput(new Date()),
      reference: '',
    },
  });
  const change = useChangeDataIncident(incident.id, {
    onSuccess: () => {
      onClose();
      toast({ title: words.saved, description: incident.title });
    },
  });
  const notified = form.watch('notice') === 'notified';
  const server = fieldErrors(change.error);
  const invalid = form.formState.errors;
  const errors = {
    notifiedAt: invalid.notifiedAt?.message ?? server[words.field],
    reference: invalid.reference?.message ?? server.sdaiaReference,
  };
  return (
    <Dialog onClose={onClose} title={words.title} description={words.description}>
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => change.mutate(changeOf(audience, values)))}
        noValidate
      >
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">{words.legend}</legend>
          {(
            [
              ['notified', words.notified],
              ['not_required', words.notRequired],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                className="size-5 shrink-0"
                value={value}
                {...form.register('notice')}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        {notified ? (
          <FormField label="وقت الإبلاغ (بتوقيت الرياض)" error={errors.notifiedAt}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                max={riyadhDateTimeInput(new Date())}
                {...form.register('notifiedAt')}
              />
            )}
          </FormField>
        ) : null}
        {notified && audience === 'sdaia' ? (
          <FormField
            label="رقم المرجع في المنصة الوطنية لحوكمة البيانات (اختياري)"
            error={errors.reference}
          >
            {(control) => <Input {...control} dir="ltr" {...form.register('reference')} />}
          </FormField>
        ) : null}
        {change.error && !errors.notifiedAt && !errors.reference ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(change.error, 'تعذر حفظ الإبلاغ')}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? 'جاري الحفظ...' : 'حفظ الإبلاغ'}
        </Button>
      </form>
    </Dialog>
  );
}
