import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { adminReferralEndpoints } from '#contract/admin/referrals';
import type { ResponseOf } from '#contract/common';
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_PURPOSE_LABELS,
  cityLabel,
  formatDateAr,
  formatDateTimeAr,
  formatNumberAr,
  formatSar,
  isRetiredPhone,
  propertyTypeLabel,
  referralStatusWithEmoji,
} from '#domain';
import { isApiError } from '#lib/api';
import { Dialog } from '#ui/dialog';
import { Skeleton } from '#ui/feedback';
import { QueryError, QueryView } from '#ui/query-view';
import { StageClock } from '#ui/stage-clock';
import { DocumentLinks, StatusTimeline } from '../../referrals';
import { AffordabilitySummary } from './AffordabilitySummary';
import { type AdminReferral, adminTenantFormQuery, referralHistoryQuery } from './api';
import { SignalWarning } from './SignalFlag';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </>
  );
}

type Consent = ResponseOf<typeof adminReferralEndpoints.tenantForm>['consents'][number];

/**
 * What the tenant agreed to, word for word, with the version, the time, the channel and the
 * address: the evidence PDPL asks a controller to keep (decision 068).
 */
function Consents({ consents }: { consents: readonly Consent[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-3">
      <h3 id={titleId} className="mb-2 font-bold">
        الموافقات
      </h3>
      {consents.length === 0 ? (
        <p className="text-sm text-slate-700">أُرسل النموذج قبل حفظ نصوص الموافقة.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {consents.map((consent) => (
            <li key={consent.purpose} className="space-y-1">
              <p className="font-medium">{CONSENT_PURPOSE_LABELS[consent.purpose]}</p>
              <blockquote className="border-s-4 border-slate-300 ps-3 text-slate-800">
                {consent.text}
              </blockquote>
              <p className="text-slate-700">
                {formatDateTimeAr(consent.givenAt)}، {CONSENT_CHANNEL_LABELS[consent.channel]}، نسخة
                النص <bdi dir="ltr">{consent.version}</bdi>
                {consent.ip ? (
                  <>
                    ، من العنوان <bdi dir="ltr">{consent.ip}</bdi>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Each step of the referral, oldest first, naming who acted and the note written with it. */
function History({ referralId }: { referralId: string }) {
  const history = useQuery(referralHistoryQuery(referralId));
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="mb-3 font-bold">
        سجل الحالة
      </h3>
      <QueryView
        query={history}
        loading={<Skeleton className="h-24" />}
        errorFallback="تعذر تحميل سجل الحالة"
      >
        {(steps) => <StatusTimeline history={steps} viewer="admin" labelledBy={titleId} />}
      </QueryView>
    </section>
  );
}

/** Basic data, broker, the tenant link, the tenant's confidential submission, the history. */
export function ReferralDetails({ referral }: { referral: AdminReferral }) {
  const tenant = useQuery(adminTenantFormQuery(referral.id));
  return (
    <div className="space-y-5 text-sm">
      <SignalWarning signals={referral.openSignals} signing={false} />
      <section>
        <h3 className="mb-2 font-bold">البيانات الأساسية</h3>
        <dl className="grid grid-cols-2 gap-2">
          <Row label="الحالة">{referralStatusWithEmoji(referral.status)}</Row>
          {referral.stageClock ? (
            <Row label="مهلة الخدمة">
              <StageClock clock={referral.stageClock} withDue />
            </Row>
          ) : null}
          <Row label="جوال المستأجر">
            <bdi dir="ltr">{referral.tenantPhone}</bdi>
          </Row>
          <Row label="الإيجار السنوي">
            {referral.rentAmount ? `${formatSar(referral.rentAmount)} سنوياً` : 'غير محدد'}
          </Row>
          <Row label="نوع العقار">{propertyTypeLabel(referral.propertyType) || '—'}</Row>
          <Row label="المدينة">{cityLabel(referral.city) || '—'}</Row>
          <Row label="تاريخ الإرسال">{formatDateTimeAr(referral.submittedAt)}</Row>
          {referral.contractId ? (
            <Row label="رقم عقد إيجار">
              <bdi dir="ltr">{referral.contractId}</bdi>
            </Row>
          ) : null}
          {referral.contractStartsOn && referral.contractEndsOn ? (
            <Row label="مدة العقد">
              من {formatDateAr(referral.contractStartsOn)} إلى{' '}
              {formatDateAr(referral.contractEndsOn)}
            </Row>
          ) : null}
        </dl>
      </section>
      <section>
        <h3 className="mb-2 font-bold">الوسيط</h3>
        <dl className="grid grid-cols-2 gap-2">
          <Row label="الاسم">{referral.brokerName || '—'}</Row>
          <Row label="الجوال">
            {isRetiredPhone(referral.brokerPhone) ? (
              'حساب محذوف'
            ) : (
              <bdi dir="ltr">{referral.brokerPhone}</bdi>
            )}
          </Row>
          <Row label="رمز الوسيط">
            <bdi dir="ltr">{referral.brokerCode}</bdi>
          </Row>
        </dl>
      </section>
      <section>
        <h3 className="mb-2 font-bold">رابط المستأجر</h3>
        <p className="break-all font-mono text-xs" dir="ltr">
          {referral.formToken}
        </p>
        <a
          href={referral.tenantFormUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center break-all text-brand-800 underline"
          dir="ltr"
        >
          {referral.tenantFormUrl}
        </a>
      </section>
      <section>
        <h3 className="mb-2 font-bold">بيانات المستأجر (سرية)</h3>
        {tenant.data ? (
          <div className="space-y-3">
            <dl className="grid grid-cols-2 gap-2">
              <Row label="الاسم الكامل">{tenant.data.fullName}</Row>
              <Row label="الجوال">
                <bdi dir="ltr">{tenant.data.phone}</bdi>
              </Row>
              <Row label="الراتب الشهري">{formatSar(tenant.data.monthlyIncome)}</Row>
              <Row label="الالتزامات الشهرية">{formatSar(tenant.data.monthlyObligations)}</Row>
              <Row label="تاريخ الإرسال">{formatDateTimeAr(tenant.data.submittedAt)}</Row>
              <Row label="المستندات">
                <DocumentLinks
                  salary={tenant.data.salaryReportUrl}
                  credit={tenant.data.creditReportUrl}
                />
              </Row>
            </dl>
            <Consents consents={tenant.data.consents} />
            <AffordabilitySummary
              monthlyIncome={tenant.data.monthlyIncome}
              monthlyObligations={tenant.data.monthlyObligations}
              annualRent={referral.contractRent ?? referral.rentAmount}
            />
          </div>
        ) : tenant.isLoading ? null : isApiError(tenant.error, 404) ? (
          // The server answers 404 until the tenant submits: not a failure, the form's state.
          <div className="rounded-lg bg-amber-50 p-3 text-amber-900">
            <p className="font-medium">لم يقم المستأجر بإرسال بياناته بعد</p>
            <p>يمكن للمستأجر إكمال بياناته عبر الرابط المرسل إليه.</p>
          </div>
        ) : (
          <QueryError query={tenant} errorFallback="تعذر تحميل بيانات المستأجر" />
        )}
      </section>
      <History referralId={referral.id} />
    </div>
  );
}

export function ReferralDetailsDialog({
  referral,
  onClose,
}: {
  referral: AdminReferral;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`تفاصيل الإحالة رقم ${formatNumberAr(referral.number)}`}
    >
      <ReferralDetails referral={referral} />
    </Dialog>
  );
}
