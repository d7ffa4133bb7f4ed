import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { programTermsEndpoints } from '#contract/program-terms';
import {
  arabicCount,
  formatDateAr,
  formatNumberAr,
  NOUNS,
  type ProgramTermsInput,
  programTermsBody,
} from '#domain';
import { callApi, errorMessage, fieldErrors } from '#lib/api';
import { refreshAfter, rootKeys } from '#lib/query-keys';
import { zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { FormField, Textarea } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { TermsText } from '#ui/terms-text';
import { toast } from '#ui/toast';

const termsKey = [...rootKeys.superadmin, 'program-terms'] as const;

/**
 * «شروط البرنامج» on /groups (decision record 075): the versions published, newest first, with
 * how many brokers accepted each, and a new version published from the current text. Every
 * broker accepts the new version before their next referral.
 */
export function ProgramTermsCard() {
  const titleId = useId();
  const versions = useQuery({
    queryKey: termsKey,
    queryFn: () => callApi(programTermsEndpoints.list),
  });
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-1">
        <CardTitle id={titleId}>شروط البرنامج</CardTitle>
        <p className="text-sm text-slate-700">
          يوافق كل وسيط على النسخة السارية قبل إضافة إحالاته، وتطلب كل نسخة جديدة موافقته من جديد.
          تبقى كل نسخة محفوظة كما نُشرت. للعناوين سطر يبدأ بـ«# »، وللقوائم سطر يبدأ بـ«- »، وللنص
          العريض **نجمتان** حوله.
        </p>
      </div>
      <QueryView
        query={versions}
        loading={<Skeleton className="h-24" />}
        errorFallback="تعذر تحميل الشروط"
      >
        {(data) => (
          <>
            <PublishForm key={data.items[0]?.version ?? 0} current={data.items[0]?.body ?? ''} />
            {data.items.length === 0 ? (
              <p className="text-sm text-slate-700">لم تُنشر شروط بعد، ويحيل الوسطاء دونها.</p>
            ) : (
              <ul aria-label="نسخ الشروط" className="divide-y divide-slate-100">
                {data.items.map((version, index) => (
                  <li key={version.version} className="space-y-2 py-3 text-sm">
                    <p className="font-bold">
                      النسخة {formatNumberAr(version.version)}
                      {index === 0 ? ' (السارية)' : ''}
                    </p>
                    <p className="text-slate-700">
                      نُشرت في {formatDateAr(version.publishedAt)}
                      {version.publishedBy ? ` بواسطة ${version.publishedBy}` : ''}، ووافق عليها{' '}
                      {version.accepted === 0
                        ? 'لا أحد بعد'
                        : arabicCount(version.accepted, NOUNS.broker)}
                    </p>
                    {index === 0 ? (
                      <details>
                        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800">
                          نص النسخة السارية
                        </summary>
                        <TermsText body={version.body} />
                      </details>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </Card>
  );
}

function PublishForm({ current }: { current: string }) {
  const form = useForm<ProgramTermsInput>({
    resolver: zodResolver(programTermsBody),
    defaultValues: { body: current },
  });
  const publish = useMutation({
    mutationFn: (body: string) => callApi(programTermsEndpoints.publish, { body: { body } }),
    ...refreshAfter(
      {
        onSuccess: (made: { version: number }) =>
          toast({ title: `نُشرت النسخة ${formatNumberAr(made.version)} من الشروط` }),
      },
      termsKey,
    ),
  });
  const server = fieldErrors(publish.error);
  const error = form.formState.errors.body?.message ?? server.body;
  return (
    <form
      noValidate
      aria-label="نشر نسخة جديدة من الشروط"
      className="space-y-2"
      onSubmit={form.handleSubmit(({ body }) => publish.mutate(body))}
    >
      <FormField label="نص الشروط" error={error}>
        {(control) => (
          <Textarea {...control} {...form.register('body')} rows={10} maxLength={20_000} />
        )}
      </FormField>
      {publish.error && !error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(publish.error, 'تعذر نشر الشروط')}
        </p>
      ) : null}
      <Button type="submit" disabled={publish.isPending}>
        {publish.isPending ? 'جاري النشر...' : 'نشر نسخة جديدة'}
      </Button>
    </form>
  );
}
