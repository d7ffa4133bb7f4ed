import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zohoTestLeadBody } from '#contract/admin/messaging';
import { formatNumberAr, formatSar } from '#domain';
import { errorMessage, isApiError } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input } from '#ui/input';
import { PhoneInput, typedPhone } from '#ui/phone-input';
import { toast } from '#ui/toast';
import { type CrmTestResult, useTestCrmLead } from './api';

/** The spec's default annual rent for a test lead. */
const DEFAULT_RENT = '50000';

const lead = zohoTestLeadBody.shape;
/** The test lead the server takes; a Saudi mobile typed any way is sent as 05XXXXXXXX. */
const crmTestForm = z.object({
  tenantPhone: z.string().transform(typedPhone).pipe(lead.tenantPhone),
  rentAmount: lead.rentAmount,
});

function Instructions({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="font-medium">التعليمات:</p>
      <ol className="list-[arabic-indic] space-y-1 ps-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </div>
  );
}

/** What the CRM answered: the lead and the data sent, or why it failed and what to do. */
function CrmAnswer({ result }: { result: CrmTestResult }) {
  if (!result.success) {
    return (
      <Alert className="space-y-2">
        {/* The error is a provider's code: shown only when the server sent no message. */}
        <p className="break-words font-bold">{result.message || result.error}</p>
        <Instructions items={result.instructions} />
      </Alert>
    );
  }
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950"
    >
      <p className="font-bold">{result.message}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>معرّف العميل المحتمل</dt>
        <dd>
          <bdi dir="ltr" className="break-all font-mono">
            {result.leadId ?? '—'}
          </bdi>
        </dd>
        <dt>جوال المستأجر</dt>
        <dd>
          <bdi dir="ltr">{result.testData.tenantPhone}</bdi>
        </dd>
        <dt>الإيجار السنوي</dt>
        <dd>{formatSar(result.testData.rent)}</dd>
        <dt>نتائج البحث</dt>
        <dd>{formatNumberAr(result.searchResults.length)}</dd>
      </dl>
      <Instructions items={result.instructions} />
    </div>
  );
}

/** Creates or finds a test lead in Zoho CRM and shows the whole answer. */
export function CrmTestTool() {
  const form = useForm<z.input<typeof crmTestForm>, unknown, z.output<typeof crmTestForm>>({
    resolver: zodResolver(crmTestForm),
    defaultValues: { tenantPhone: '', rentAmount: DEFAULT_RENT },
  });
  const errors = form.formState.errors;
  const [result, setResult] = useState<CrmTestResult | null>(null);
  const test = useTestCrmLead({
    onSuccess: setResult,
    onError: (error) => {
      setResult(null);
      toast(
        isApiError(error)
          ? {
              title: 'حدث خطأ أثناء الاختبار',
              description: errorMessage(error, 'أعد المحاولة بعد قليل'),
              variant: 'destructive',
            }
          : { title: 'تعذر الاتصال بالخادم', variant: 'destructive' },
      );
    },
  });
  const empty = form.watch('tenantPhone').trim() === '';

  return (
    <Card className="space-y-4">
      <div>
        <CardTitle>اختبار الربط مع نظام إدارة العملاء</CardTitle>
        <p className="mt-1 text-sm text-slate-700">
          ينشئ عميلاً محتملاً تجريبياً في نظام إدارة العملاء (زوهو) أو يجده إن كان موجوداً، ويعرض ما
          حدث.
        </p>
      </div>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={form.handleSubmit((body) => {
          if (!empty) test.mutate(body);
        })}
      >
        <FormField label="جوال المستأجر التجريبي" error={errors.tenantPhone?.message}>
          {(control) => (
            <PhoneInput
              {...control}
              {...form.register('tenantPhone')}
              autoComplete="off"
              placeholder="0501234567"
              maxLength={20}
            />
          )}
        </FormField>
        <FormField label="الإيجار السنوي (ر.س)" error={errors.rentAmount?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('rentAmount')}
              inputMode="numeric"
              dir="ltr"
              className="text-end"
            />
          )}
        </FormField>
        <Button type="submit" disabled={empty || test.isPending}>
          {test.isPending ? 'جاري الاختبار...' : 'اختبار الربط'}
        </Button>
      </form>
      {result ? <CrmAnswer result={result} /> : null}
    </Card>
  );
}
