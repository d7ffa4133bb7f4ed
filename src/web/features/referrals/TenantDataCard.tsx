import { ExternalLink } from 'lucide-react';
import { formatDateAr, TENANT_DOCUMENT_KINDS, TENANT_DOCUMENT_LABELS } from '#domain';
import { cn } from '#lib/cn';
import type { ReferralDetails } from '#lib/types';
import { AffordabilityBadge } from '#ui/affordability-badge';
import { buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';

/**
 * What the referring broker sees of the tenant's submission: the name, whether the rent is within
 * the tenant's means, and which documents arrived and when; never the figures or the documents
 * themselves, which only the operations team opens (decision 066). Before the tenant submits, the
 * link to the form.
 */
export function TenantDataCard({ r, className }: { r: ReferralDetails; className?: string }) {
  const tenant = r.tenantData;
  return (
    <Card className={cn('space-y-3', className)}>
      <CardTitle>بيانات المستأجر</CardTitle>
      {tenant ? (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">الاسم</dt>
            <dd>{tenant.name}</dd>
            <dt className="text-slate-700">تاريخ الإرسال</dt>
            <dd>{formatDateAr(tenant.submittedAt)}</dd>
            <dt className="text-slate-700">القدرة على السداد</dt>
            <dd>
              {tenant.affordability ? (
                <AffordabilityBadge level={tenant.affordability} />
              ) : (
                'الإيجار غير محدد، فلا يمكن حسابها.'
              )}
            </dd>
            {TENANT_DOCUMENT_KINDS.map((kind) => {
              const provided = tenant.documents.find((d) => d.kind === kind);
              return (
                <div key={kind} className="contents">
                  <dt className="text-slate-700">{TENANT_DOCUMENT_LABELS[kind]}</dt>
                  <dd>{provided ? `وصل في ${formatDateAr(provided.providedAt)}` : 'لم يُرفق'}</dd>
                </div>
              );
            })}
          </dl>
          <p className="text-sm text-slate-700">
            يطّلع فريق العمليات وحده على دخل المستأجر ومستنداته، حفاظاً على سريتها.
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            لم يُدخل المستأجر بياناته بعد. يمكنه إكمالها عبر الرابط المرسل إليه.
          </p>
          <a
            href={r.tenantFormUrl}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('outline', 'w-full')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            فتح نموذج المستأجر
          </a>
        </>
      )}
    </Card>
  );
}
