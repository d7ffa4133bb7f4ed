import type { ReactNode } from 'react';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { errorToast } from '#ui/toast';
import {
  type ConnectionTest,
  type MessagingConfig,
  type TestedProvider,
  useTestConnection,
} from './api';

const SMS_PROVIDERS: Record<MessagingConfig['sms']['provider'], string> = {
  console: 'سجل الخادم (للتطوير فقط)',
  unifonic: 'يونيفونك',
  taqnyat: 'تقنيات',
};

/** «مُعدّ» or «غير مُعدّ», as a badge. */
function ConfiguredBadge({ configured }: { configured: boolean }) {
  return <Badge tone={configured ? 'success' : 'warning'}>{configured ? 'مُعدّ' : 'غير مُعدّ'}</Badge>;
}

/** The environment variables still to set, each as it is typed on the server. */
export function MissingVariables({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <div className="space-y-1 text-sm">
      <p className="text-slate-700">متغيرات البيئة المطلوب ضبطها:</p>
      <ul className="flex flex-wrap gap-1.5">
        {names.map((name) => (
          <li key={name}>
            <code dir="ltr" className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs">
              {name}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the last connection test said: the verdict, then the provider's own words and code. */
function TestResult({ result }: { result: ConnectionTest }) {
  return (
    <div
      className={`space-y-1 rounded-lg p-3 text-sm ${result.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
    >
      <p className="font-medium">{result.message}</p>
      {result.detail ? <p className="break-words text-xs">{result.detail}</p> : null}
      {result.errorCode ? (
        <p className="text-xs">
          رمز المزوّد: <bdi dir="ltr">{result.errorCode}</bdi>
        </p>
      ) : null}
    </div>
  );
}

/** «اختبار الاتصال»: one harmless real call to the provider, its answer shown under it. */
function ConnectionTestButton({ provider, title }: { provider: TestedProvider; title: string }) {
  const test = useTestConnection({
    onError: errorToast('تعذر اختبار الاتصال', 'حدث خطأ أثناء اختبار الاتصال'),
  });
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto"
        disabled={test.isPending}
        aria-label={`اختبار الاتصال: ${title}`}
        onClick={() => test.mutate(provider)}
      >
        {test.isPending ? 'جاري الاختبار...' : 'اختبار الاتصال'}
      </Button>
      <div role="status" aria-live="polite">
        {test.data ? <TestResult result={test.data} /> : null}
      </div>
    </div>
  );
}

function StatusCard({
  title,
  provider,
  status: { configured, missing },
  children,
}: {
  title: string;
  provider: TestedProvider;
  /** Whether the provider is set up, and the variables still missing if not. */
  status: { configured: boolean; missing: readonly string[] };
  children?: ReactNode;
}) {
  return (
    <Card className="min-w-0 space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold">{title}</h3>
        <ConfiguredBadge configured={configured} />
      </div>
      {children}
      <MissingVariables names={missing} />
      {configured ? <ConnectionTestButton provider={provider} title={title} /> : null}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <dt className="text-slate-700">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Which providers are set up (never a secret): SMS, WhatsApp and the CRM. */
export function ProviderStatus({ config }: { config: MessagingConfig }) {
  const { sms, whatsapp, crm } = config;
  return (
    <section aria-labelledby="providers-title" className="space-y-3">
      <h2 id="providers-title" className="text-lg font-bold">
        حالة مزوّدي الخدمة
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        <StatusCard title="الرسائل النصية" provider="sms" status={sms}>
          <dl className="text-sm">
            <Row label="المزوّد">{SMS_PROVIDERS[sms.provider]}</Row>
          </dl>
        </StatusCard>
        <StatusCard title="واتساب" provider="whatsapp" status={whatsapp}>
          <dl className="space-y-2 text-sm">
            <Row label="معرّف رقم الهاتف">
              <ConfiguredBadge configured={whatsapp.phoneNumberId} />
            </Row>
            <Row label="رمز الوصول">
              <ConfiguredBadge configured={whatsapp.accessToken} />
            </Row>
            <Row label="استقبال حالات التسليم">
              <ConfiguredBadge configured={whatsapp.webhook} />
            </Row>
          </dl>
        </StatusCard>
        <StatusCard title="نظام إدارة العملاء (زوهو)" provider="crm" status={crm} />
      </div>
    </section>
  );
}
