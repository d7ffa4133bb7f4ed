import { useQuery } from '@tanstack/react-query';
import { formatNumberAr, type TemplateStatus, templateStatusLabel } from '#domain';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { type Template, templatesQuery, useSetupTemplates } from './api';
import { MissingVariables } from './ProviderStatus';

const STATUS_TONES: Record<TemplateStatus, 'success' | 'info' | 'danger' | 'warning' | 'neutral'> =
  {
    approved: 'success',
    flagged: 'warning',
    pending: 'info',
    rejected: 'danger',
    paused: 'warning',
    disabled: 'danger',
    missing: 'neutral',
  };

const CATEGORIES: Record<Template['category'], string> = {
  utility: 'خدمية',
  marketing: 'تسويقية',
  authentication: 'مصادقة',
};

const PURPOSES: Record<Template['purpose'], string> = {
  tenant_link: 'رابط إكمال البيانات للمستأجر',
  status_update: 'تحديث حالة الطلب للوسيط',
  fal_license_reminder: 'تذكير الوسيط بانتهاء رخصة فال',
  broker_nudge: 'تذكير الوسيط الخامل بالإحالة',
  broker_message: 'إشعار الوسيط برسالة من الفريق',
  broker_broadcast: 'إشعار الوسيط برسالة جماعية',
  office_invitation: 'دعوة وسيط للانضمام إلى مكتب',
  otp: 'رمز التحقق',
};

/**
 * A template's text with its variables ({{1}}, {{2}}…, Meta's syntax, filled in when sent)
 * shown as left-to-right identifiers.
 */
function TemplateText({ content }: { content: string }) {
  return content.split(/(\{\{\d+\}\})/).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
      <bdi key={i} dir="ltr" className="font-mono text-brand-800">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}

function TemplateCard({ template }: { template: Template }) {
  return (
    <li className="min-w-0 space-y-2 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <code dir="ltr" className="break-all font-mono text-sm font-bold">
          {template.name}
        </code>
        <Badge tone={STATUS_TONES[template.status]}>{templateStatusLabel(template.status)}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">الفئة</dt>
        <dd>{CATEGORIES[template.category]}</dd>
        <dt className="text-slate-700">الاستخدام</dt>
        <dd>{PURPOSES[template.purpose]}</dd>
      </dl>
      <p className="whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm">
        <TemplateText content={template.content} />
      </p>
      {template.reason ? (
        <p className="text-sm text-red-800">
          {template.status === 'rejected' ? 'سبب الرفض' : 'السبب'}: {template.reason}
        </p>
      ) : null}
    </li>
  );
}

/** The WhatsApp templates with Meta's verdict, and the button that submits the missing ones. */
export function TemplatesSection({ whatsappMissing }: { whatsappMissing: readonly string[] }) {
  const templates = useQuery(templatesQuery());
  const setup = useSetupTemplates({
    onSuccess: ({ submitted, existing }) =>
      toast({
        title: submitted.length > 0 ? 'تم إرسال القوالب للاعتماد' : 'القوالب موجودة مسبقاً',
        description: `المرسلة للاعتماد: ${formatNumberAr(submitted.length)}، والموجودة مسبقاً: ${formatNumberAr(existing.length)}`,
      }),
    onError: errorToast('تعذر إعداد القوالب', 'حدث خطأ أثناء إرسال القوالب للاعتماد'),
  });

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>قوالب رسائل واتساب</CardTitle>
        {templates.data?.configured ? (
          <Button disabled={setup.isPending} onClick={() => setup.mutate()}>
            {setup.isPending ? 'جاري الإعداد...' : 'إعداد القوالب'}
          </Button>
        ) : null}
      </div>
      <QueryView
        query={templates}
        loading={<Skeleton className="h-32" />}
        errorFallback="تعذر تحميل قوالب واتساب"
      >
        {(data) =>
          !data.configured ? (
            <Alert tone="info" className="space-y-2">
              <p>
                واتساب غير مُعدّ بعد: اضبط متغيرات البيئة الخاصة به على الخادم ثم أعد تشغيله، وبعدها
                تظهر القوالب هنا ويمكن إرسالها للاعتماد.
              </p>
              <MissingVariables names={whatsappMissing} />
            </Alert>
          ) : data.templates.length === 0 ? (
            <EmptyState title="لا توجد قوالب بعد">
              اضغط «إعداد القوالب» لإرسال القوالب العربية إلى واتساب للاعتماد.
            </EmptyState>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {data.templates.map((template) => (
                <TemplateCard key={`${template.name}:${template.language}`} template={template} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}
