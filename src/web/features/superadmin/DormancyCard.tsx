import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import type { ResponseOf } from '#contract/common';
import {
  arabicCount,
  DORMANCY_DAYS,
  inGenitive,
  NOUNS,
  NUDGE_INTERVAL_DAYS,
  toLatinDigits,
} from '#domain';
import { callApi, errorMessage, fieldErrors } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { toast } from '#ui/toast';

// ---------- the dormancy period's setting (decision 073) ----------

/** The console's key of the setting (the same as its settings' keys, admin/shared/keys.ts). */
const dormancyKey = [...rootKeys.admin, 'config', 'dormancy_days'] as const;

/** The dormancy period as set; null when never set (the default then holds). */
const dormancyQuery = () =>
  queryOptions({
    queryKey: dormancyKey,
    queryFn: () => callApi(adminSettingsEndpoints.get, { params: { key: 'dormancy_days' } }),
    staleTime: 0,
  });

type SettingSaved = ResponseOf<typeof adminSettingsEndpoints.set>;

/**
 * Sets the days without a referral after which an active broker is dormant (whole days, Latin
 * digits); then the console, whose brokers tab lists the dormant ones.
 */
function useSaveDormancy(callbacks: MutationCallbacks<SettingSaved, string> = {}) {
  return useMutation({
    mutationFn: (days: string) =>
      callApi(adminSettingsEndpoints.set, {
        body: {
          key: 'dormancy_days',
          value: days,
          description: 'عدد الأيام دون إحالة ليُعدّ الوسيط خاملاً',
        },
      }),
    ...refreshAfter(callbacks, rootKeys.admin),
  });
}

const DORMANCY_MESSAGE = 'يرجى إدخال عدد أيام بين ٧ و٣٦٥';

/** The days as the server takes them, typed in Latin or Arabic-Indic digits. */
const dormancyForm = z.object({
  days: z
    .string()
    .transform((days) => toLatinDigits(days.trim()))
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,2}$/, { error: DORMANCY_MESSAGE })
        .refine(
          (value) => Number(value) >= DORMANCY_DAYS.least && Number(value) <= DORMANCY_DAYS.most,
          { error: DORMANCY_MESSAGE },
        ),
    ),
});
type Form = z.input<typeof dormancyForm>;
type Values = z.output<typeof dormancyForm>;

const days = (n: number) => arabicCount(n, NOUNS.day);
/** After a preposition («من ٧ أيام»). */
const inDays = (n: number) => arabicCount(n, inGenitive(NOUNS.day));

/**
 * The dormancy period (decision 073): how many days without a referral before an active broker
 * is dormant («خامل»): the brokers tab lists them, and the team may remind each once a month.
 * Super-admins only; changing it is audited.
 */
export function DormancyCard() {
  const setting = useQuery(dormancyQuery());
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(dormancyForm),
    defaultValues: { days: '' },
  });
  const save = useSaveDormancy({
    onSuccess: (_saved, value) => {
      form.reset({ days: '' });
      toast({ title: 'حُفظت مدة الخمول', description: days(Number(value)) });
    },
  });
  const error = form.formState.errors.days?.message ?? fieldErrors(save.error).value;
  return (
    <Card className="space-y-4">
      <section aria-labelledby="dormancy-days" className="space-y-4">
        <CardTitle id="dormancy-days">مدة الخمول</CardTitle>
        <p className="text-sm text-slate-700">
          عدد الأيام دون إحالة ليُعدّ الوسيط خاملاً. يظهر الخاملون في تبويب الوسطاء بتصفية «خاملون»،
          ويمكن للفريق تذكير كل منهم مرة كل {days(NUDGE_INTERVAL_DAYS)}.
        </p>
        <QueryView
          query={setting}
          loading={<Skeleton className="h-8" />}
          errorFallback="تعذر تحميل مدة الخمول"
        >
          {({ value }) => {
            const current = Number(value ?? DORMANCY_DAYS.default) || DORMANCY_DAYS.default;
            return (
              <p>
                المدة الحالية: <strong>{days(current)}</strong>
                {value === null ? (
                  <span className="text-sm text-slate-700"> (المدة الافتراضية)</span>
                ) : null}
              </p>
            );
          }}
        </QueryView>
        <form
          className="space-y-3"
          onSubmit={form.handleSubmit((values) => save.mutate(values.days))}
          noValidate
        >
          <FormField
            label="مدة الخمول (يوم)"
            error={error}
            hint={`من ${inDays(DORMANCY_DAYS.least)} إلى ${inDays(DORMANCY_DAYS.most)}، والمدة الافتراضية ${days(DORMANCY_DAYS.default)}.`}
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
              {errorMessage(save.error, 'تعذر حفظ مدة الخمول')}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'جاري الحفظ...' : 'حفظ مدة الخمول'}
          </Button>
        </form>
      </section>
    </Card>
  );
}
