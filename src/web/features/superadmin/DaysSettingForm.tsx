import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { arabicCount, inGenitive, NOUNS, toLatinDigits } from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { FormField, Input } from '#ui/input';

/** «٣٠ يومًا». */
export const days = (n: number) => arabicCount(n, NOUNS.day);
/** After a preposition («من يومين»). */
const inDays = (n: number) => arabicCount(n, inGenitive(NOUNS.day));

/**
 * A super-admin's setting in whole days (how long tenants' documents are kept, when a broker is
 * dormant): its box, typed in Latin or Arabic-Indic digits and checked by the server's own rule
 * (`value`), its bounds in the hint, its error and its button. Emptied once saved.
 */
export function DaysSettingForm({
  label,
  bounds,
  value,
  submit,
  failure,
  save,
}: {
  label: string;
  bounds: { least: number; most: number; default: number };
  value: z.ZodType<string, string>;
  submit: string;
  failure: string;
  save: UseMutationResult<unknown, Error, string>;
}) {
  const schema = z.object({
    days: z
      .string()
      .transform((typed) => toLatinDigits(typed.trim()))
      .pipe(value),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { days: '' },
  });
  const error = form.formState.errors.days?.message ?? fieldErrors(save.error).value;
  return (
    <form
      className="space-y-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values.days, { onSuccess: () => form.reset({ days: '' }) }),
      )}
      noValidate
    >
      <FormField
        label={label}
        error={error}
        hint={`من ${inDays(bounds.least)} إلى ${inDays(bounds.most)}، والمدة الافتراضية ${days(bounds.default)}.`}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('days')}
            inputMode="numeric"
            autoComplete="off"
            className="sm:max-w-48"
          />
        )}
      </FormField>
      {save.error && !error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(save.error, failure)}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'جاري الحفظ...' : submit}
      </Button>
    </form>
  );
}
