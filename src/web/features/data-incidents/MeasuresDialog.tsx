import { useForm } from 'react-hook-form';
import { dataIncidentUpdateBody } from '#contract/data-incidents';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Textarea } from '#ui/input';
import { toast } from '#ui/toast';
import { type DataIncident, useChangeDataIncident } from './api';

const measuresForm = z.object({
  measures: z.string().pipe(dataIncidentUpdateBody.shape.measures.unwrap()),
});
type Form = z.input<typeof measuresForm>;
type Values = z.output<typeof measuresForm>;

/** Containment and the measures taken, written as they grow. */
export function MeasuresDialog({
  incident,
  onClose,
}: {
  incident: DataIncident;
  onClose: () => void;
}) {
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(measuresForm),
    defaultValues: { measures: incident.measures ?? '' },
  });
  const change = useChangeDataIncident(incident.id, {
    onSuccess: () => {
      onClose();
      toast({ title: 'حُفظت الإجراءات', description: incident.title });
    },
  });
  const error = form.formState.errors.measures?.message ?? fieldErrors(change.error).measures;
  return (
    <Dialog
      onClose={onClose}
      title="الإجراءات المتخذة"
      description="ما فُعل لاحتواء الحادثة والحد من أثرها، وما سيُفعل لمنع تكرارها."
    >
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => change.mutate({ measures: values.measures }))}
        noValidate
      >
        <FormField label="الإجراءات المتخذة" error={error}>
          {(control) => <Textarea {...control} rows={6} {...form.register('measures')} />}
        </FormField>
        {change.error && !error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(change.error, 'تعذر حفظ الإجراءات')}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? 'جاري الحفظ...' : 'حفظ الإجراءات'}
        </Button>
      </form>
    </Dialog>
  );
}
