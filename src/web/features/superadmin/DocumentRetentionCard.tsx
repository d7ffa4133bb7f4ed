import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { DOCUMENT_RETENTION_DAYS, documentRetentionDaysValue } from '#contract/admin/settings';
import { arabicCount, inGenitive, NOUNS, toLatinDigits } from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { toast } from '#ui/toast';
import { documentRetentionQuery, documentsKept } from '../privacy';
import { useSaveDocumentRetention } from './api';

/** The days as the server takes them, typed in Latin or Arabic-Indic digits. */
const retentionForm = z.object({
  days: z
    .string()
    .transform((days) => toLatinDigits(days.trim()))
    .pipe(documentRetentionDaysValue),
});
type Form = z.input<typeof retentionForm>;
type Values = z.output<typeof retentionForm>;

const days = (n: number) => arabicCount(n, NOUNS.day);
/** After a preposition («من يومين»). */
const inDays = (n: number) => arabicCount(n, inGenitive(NOUNS.day));

/**
 * The retention schedule's setting (decision record 068): how many days after a referral closes
 * its tenant's salary certificate and credit report are erased, with the sentence the privacy
 * notice shows tenants. Changing it is audited.
 */
export function DocumentRetentionCard() {
  const retention = useQuery(documentRetentionQuery());
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(retentionForm),
    defaultValues: { days: '' },
  });
  const save = useSaveDocumentRetention({
    onSuccess: (_saved, value) => {
      form.reset({ days: '' });
      toast({ title: 'تم حفظ مدة حفظ المستندات', description: days(Number(value)) });
    },
  });
  const error = form.formState.errors.days?.message ?? fieldErrors(save.error).value;
  return (
    <Card className="space-y-4">
      <section aria-labelledby="document-retention" className="space-y-4">
        <CardTitle id="document-retention">مدة حفظ مستندات المستأجرين</CardTitle>
        <p className="text-sm text-slate-700">
          حين تمضي هذه المدة على إغلاق الطلب (رفضه أو إلغائه أو توقيع العقد) يُحذف تعريف الراتب
          وتقرير سمة الائتماني، الملف أو الرابط، ويبقى سائر بيانات الطلب والعمولة. يجري الحذف كل
          ساعة، وتظهر المدة للمستأجرين في إشعار الخصوصية.
        </p>
        <QueryView
          query={retention}
          loading={<Skeleton className="h-12" />}
          errorFallback="تعذر تحميل مدة حفظ المستندات"
        >
          {({ documentRetentionDays }) => (
            <div className="space-y-1">
              <p>
                المدة الحالية: <strong>{days(documentRetentionDays)}</strong>
              </p>
              <p className="text-sm text-slate-700">
                يقرأ المستأجرون: «{documentsKept(documentRetentionDays)}»
              </p>
            </div>
          )}
        </QueryView>
        <form
          className="space-y-3"
          onSubmit={form.handleSubmit((values) => save.mutate(values.days))}
          noValidate
        >
          <FormField
            label="المدة الجديدة بالأيام"
            error={error}
            hint={`من ${inDays(DOCUMENT_RETENTION_DAYS.least)} إلى ${inDays(DOCUMENT_RETENTION_DAYS.most)}، والمدة الافتراضية ${days(DOCUMENT_RETENTION_DAYS.default)}.`}
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
              {errorMessage(save.error, 'تعذر حفظ مدة حفظ المستندات')}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'جاري الحفظ...' : 'حفظ المدة'}
          </Button>
        </form>
      </section>
    </Card>
  );
}
