import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiKeyEndpoints } from '#contract/api-keys';
import type { ResponseOf } from '#contract/common';
import {
  API_SCOPES,
  type ApiKeyInput,
  type ApiScope,
  apiKeyBody,
  apiScopeLabel,
  formatDateAr,
  formatDateTimeAr,
  MAX_API_KEY_DAYS,
  riyadhIsoDate,
} from '#domain';
import { callApi, errorMessage, fieldErrors } from '#lib/api';
import { refreshAfter, rootKeys } from '#lib/query-keys';
import { zodResolver } from '#lib/validation';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Checkbox } from '#ui/checkbox';
import { copyText } from '#ui/copy';
import { Dialog } from '#ui/dialog';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { PasswordInput } from '#ui/password-input';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';

const keysKey = [...rootKeys.superadmin, 'api-keys'] as const;
type ApiKey = ResponseOf<typeof apiKeyEndpoints.list>['items'][number];
type MadeKey = ResponseOf<typeof apiKeyEndpoints.create>;

/**
 * «مفاتيح الواجهة البرمجية» on /webhooks (decision record 077): the keys the provider's systems
 * call the inbound API with, each with its scopes, expiry and last use, revoked at once; a new
 * one made, whose secret is shown this once.
 */
export function ApiKeysCard() {
  const titleId = useId();
  const keys = useQuery({ queryKey: keysKey, queryFn: () => callApi(apiKeyEndpoints.list) });
  const [made, setMade] = useState<MadeKey | null>(null);
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-1">
        <CardTitle id={titleId}>مفاتيح الواجهة البرمجية</CardTitle>
        <p className="text-sm text-slate-700">
          تستدعي بها أنظمة الشركة الواجهة البرمجية (<bdi dir="ltr">/api/v1</bdi>) بترويسة{' '}
          <bdi dir="ltr">Authorization: Bearer</bdi>. لكل مفتاح صلاحياته وتاريخ انتهائه، ويُسجَّل كل
          طلب به في سجل التدقيق، ويُلغى فوراً عند الحاجة.
        </p>
        <Link
          to="/api-reference"
          className="inline-flex min-h-11 items-center font-bold text-brand-800 underline"
        >
          مرجع الواجهة البرمجية
        </Link>
      </div>
      <QueryView
        query={keys}
        loading={<Skeleton className="h-16" />}
        errorFallback="تعذر تحميل المفاتيح"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">لا توجد مفاتيح بعد.</p>}
      >
        {(data) => (
          <ul aria-label="المفاتيح" className="divide-y divide-slate-100">
            {data.items.map((key) => (
              <KeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </QueryView>
      <NewKeyForm onMade={setMade} />
      {made ? <SecretShown made={made} onClose={() => setMade(null)} /> : null}
    </Card>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => callApi(apiKeyEndpoints.revoke, { params: { id: apiKey.id } }),
    ...refreshAfter(
      {
        onSuccess: () => toast({ title: 'أُلغي المفتاح', description: apiKey.name }),
        onError: errorToast('تعذر إلغاء المفتاح', 'يرجى المحاولة مرة أخرى'),
      },
      keysKey,
    ),
  });
  const expired = new Date(apiKey.expiresAt).getTime() < Date.now();
  return (
    <li className="space-y-2 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold break-words">{apiKey.name}</span>
        <bdi dir="ltr" className="font-mono text-sm">
          {apiKey.prefix}…
        </bdi>
        {apiKey.revokedAt ? (
          <Badge tone="danger">ملغى</Badge>
        ) : expired ? (
          <Badge tone="warning">منتهٍ</Badge>
        ) : !apiKey.creatorActive ? (
          <Badge tone="warning">متوقف: منشئه لم يعد مشرفاً عاماً</Badge>
        ) : (
          <Badge tone="success">يعمل</Badge>
        )}
      </p>
      <p className="text-sm text-slate-700">{apiKey.scopes.map(apiScopeLabel).join('، ')}</p>
      <p className="text-sm text-slate-700">
        ينتهي في {formatDateAr(apiKey.expiresAt)}،{' '}
        {apiKey.lastUsedAt ? `آخر استخدام ${formatDateTimeAr(apiKey.lastUsedAt)}` : 'لم يُستخدم بعد'}
        {apiKey.createdBy ? `، أنشأه ${apiKey.createdBy}` : ''}
      </p>
      {apiKey.revokedAt ? null : confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="destructive"
            aria-label={`تأكيد إلغاء المفتاح ${apiKey.name}`}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            تأكيد الإلغاء
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            تراجع
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          aria-label={`إلغاء المفتاح ${apiKey.name}`}
          onClick={() => setConfirming(true)}
        >
          إلغاء المفتاح
        </Button>
      )}
    </li>
  );
}

const DAY_MS = 86_400_000;
/** A Riyadh day `days` from today, as the date field writes it. */
const riyadhDayIn = (days: number) => riyadhIsoDate(new Date(Date.now() + days * DAY_MS));
const EMPTY = (): ApiKeyInput => ({
  name: '',
  scopes: [],
  expiresOn: riyadhDayIn(182),
  password: '',
});

function NewKeyForm({ onMade }: { onMade: (made: MadeKey) => void }) {
  const form = useForm<ApiKeyInput>({ resolver: zodResolver(apiKeyBody), defaultValues: EMPTY() });
  const create = useMutation({
    mutationFn: (body: ApiKeyInput) => callApi(apiKeyEndpoints.create, { body }),
    ...refreshAfter(
      {
        onSuccess: (made: MadeKey) => {
          form.reset(EMPTY());
          onMade(made);
        },
      },
      keysKey,
    ),
  });
  const server = fieldErrors(create.error);
  const errors = form.formState.errors;
  const scopes = form.watch('scopes') as ApiScope[];
  const toggle = (scope: ApiScope, on: boolean) =>
    form.setValue('scopes', on ? [...scopes, scope] : scopes.filter((chosen) => chosen !== scope), {
      shouldValidate: form.formState.isSubmitted,
    });
  const scopesError = errors.scopes?.message ?? server.scopes;
  return (
    <form
      noValidate
      aria-label="إنشاء مفتاح"
      className="space-y-3 rounded-lg bg-slate-50 p-3"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <h3 className="font-bold">إنشاء مفتاح</h3>
      <FormField label="اسم المفتاح" error={errors.name?.message ?? server.name}>
        {(control) => <Input {...control} {...form.register('name')} maxLength={60} />}
      </FormField>
      <fieldset
        className="space-y-1"
        aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">الصلاحيات</legend>
        {API_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            className="flex min-h-11 cursor-pointer items-center gap-2"
            boxClassName="size-5 shrink-0 accent-brand-700"
            checked={scopes.includes(scope)}
            onCheckedChange={(on) => toggle(scope, on)}
          >
            <span className="text-sm">
              {apiScopeLabel(scope)}{' '}
              <bdi dir="ltr" className="font-mono text-xs text-slate-600">
                {scope}
              </bdi>
            </span>
          </Checkbox>
        ))}
        {scopesError ? (
          <p id="api-key-scopes-error" role="alert" className="text-sm text-red-700">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      <FormField label="آخر يوم يعمل فيه" error={errors.expiresOn?.message ?? server.expiresOn}>
        {(control) => (
          <Input
            {...control}
            {...form.register('expiresOn')}
            type="date"
            min={riyadhDayIn(0)}
            max={riyadhDayIn(MAX_API_KEY_DAYS)}
          />
        )}
      </FormField>
      <FormField
        label="كلمة المرور الحالية"
        hint="يُطلب المفتاح بكلمة مرورك، ويُبلَّغ به المشرفون العامون الآخرون."
        error={errors.password?.message ?? server.password}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('password')}
            autoComplete="current-password"
          />
        )}
      </FormField>
      {create.error && Object.keys(server).length === 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(create.error, 'تعذر إنشاء المفتاح')}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'جاري الإنشاء...' : 'إنشاء المفتاح'}
      </Button>
    </form>
  );
}

/** The key's secret, this once: the server keeps only its hash. */
function SecretShown({ made, onClose }: { made: MadeKey; onClose: () => void }) {
  return (
    <Dialog
      onClose={onClose}
      title="المفتاح الجديد"
      description="انسخ المفتاح الآن واحفظه في النظام الذي سيستخدمه؛ لن يظهر مرة أخرى."
    >
      <div className="space-y-4">
        <FormField label={`مفتاح ${made.name}`}>
          {(control) => (
            <Input {...control} dir="ltr" readOnly value={made.secret} className="font-mono" />
          )}
        </FormField>
        <Button className="w-full" onClick={() => void copyText(made.secret, 'المفتاح')}>
          نسخ المفتاح
        </Button>
      </div>
    </Dialog>
  );
}
