import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import type { ResponseOf } from '#contract/common';
import type { dataRequestEndpoints } from '#contract/data-requests';
import {
  arabicCount,
  CONSENT_PURPOSE_LABELS,
  cityLabel,
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  formatDateAr,
  formatNumberAr,
  formatSar,
  NOUNS,
  OTP_CODE_LENGTH,
  referralStatusLabel,
  TENANT_DOCUMENT_KINDS,
  TENANT_DOCUMENT_LABELS,
} from '#domain';
import { errorMessage, isApiError } from '#lib/api';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input, Textarea } from '#ui/input';
import { DevCodeBanner, OneTimeCodeField } from '../auth';
import { DEVICE_DATA, type PrivacySummary, REVIEW_TEAM, TenantShell } from '../privacy';
import {
  type DataRequestBody,
  useDataHeld,
  useOpenData,
  useRequestData,
  useSendDataCode,
} from './api';

type Held = ResponseOf<typeof dataRequestEndpoints.read>;

const RIGHTS_PRIVACY: PrivacySummary = {
  collected: `رقم جوالك لإرسال رمز التحقق، و${DEVICE_DATA}.`,
  purpose: 'لنتأكد أنك صاحب الرقم قبل أن نعرض بياناتك أو نقبل طلبك بشأنها.',
  basis: 'حقك في الاطلاع على بياناتك وتصحيحها وطلب حذفها بموجب نظام حماية البيانات الشخصية.',
  sharedWith: `${REVIEW_TEAM}؛ وخدمة الرسائل التي توصل إليك الرمز.`,
};

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <TenantShell
      intro={
        <>
          تحفظ <strong>{BRAND.productName}</strong> بياناتك لدراسة طلب دفع الإيجار شهرياً، ولك أن
          تطلع عليها وتطلب تصحيحها أو حذفها.
        </>
      }
      privacy={RIGHTS_PRIVACY}
    >
      {children}
    </TenantShell>
  );
}

/**
 * /tenant-form/{token}/my-data: the tenant's rights through the link the SMS carried (decision
 * 068). A code to the phone on the request opens, for 15 minutes, what is held on them, and the
 * requests to correct it or to delete it, each answered within 30 days.
 */
export function TenantDataPage() {
  const { token = '' } = useParams();
  const [otp, setOtp] = useState('');
  const send = useSendDataCode(token);
  const open = useOpenData(token);
  const held = useDataHeld(token);

  return (
    <Shell>
      <div className="space-y-1">
        <h1 className="text-xl font-bold">بياناتك لدينا</h1>
        <p className="text-sm text-slate-700">
          اطلع على ما نحفظه عنك في هذا الطلب، واطلب تصحيحه أو حذفه. نرد على كل طلب خلال ثلاثين يوماً.
        </p>
      </div>
      {held.data ? (
        <DataHeld held={held.data} token={token} />
      ) : held.isPending ? (
        <p role="status">جاري التحميل...</p>
      ) : isApiError(held.error, 404) ? (
        <Alert>الرابط غير صالح أو منتهي الصلاحية</Alert>
      ) : (
        <Card className="space-y-4 p-4">
          {send.isSuccess ? (
            <form
              noValidate
              className="space-y-4"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                open.mutate(otp);
              }}
            >
              <p className="text-sm">{send.data.message}. الرمز صالح خمس دقائق.</p>
              <DevCodeBanner code={send.data.otpCode ?? null} />
              <OneTimeCodeField
                value={otp}
                onChange={setOtp}
                error={open.isError ? errorMessage(open.error, 'تعذر التحقق من الرمز') : undefined}
              />
              <Button type="submit" className="w-full" disabled={open.isPending}>
                {open.isPending ? 'جاري التحقق...' : 'عرض بياناتي'}
              </Button>
            </form>
          ) : (
            <>
              <p className="text-sm">
                سنرسل رمزاً من {arabicCount(OTP_CODE_LENGTH, NOUNS.digit)} إلى رقم الجوال المسجل في
                الطلب، لنتأكد أنك صاحبه.
              </p>
              {send.isError ? (
                <Alert>
                  {errorMessage(send.error, 'تعذر إرسال الرمز، يرجى المحاولة مرة أخرى')}
                </Alert>
              ) : null}
              <Button className="w-full" disabled={send.isPending} onClick={() => send.mutate()}>
                {send.isPending ? 'جاري الإرسال...' : 'إرسال رمز التحقق'}
              </Button>
            </>
          )}
        </Card>
      )}
    </Shell>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </>
  );
}

function DataHeld({ held, token }: { held: Held; token: string }) {
  const { referral, form } = held;
  return (
    <div className="space-y-4">
      <Card className="space-y-2 p-4">
        <CardTitle>الطلب</CardTitle>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <Row label="رقم الجوال">
            <bdi dir="ltr">{held.phone}</bdi>
          </Row>
          <Row label="رقم الطلب">{formatNumberAr(referral.number)}</Row>
          <Row label="الحالة">{referralStatusLabel(referral.status)}</Row>
          <Row label="تاريخ الطلب">{formatDateAr(referral.createdAt)}</Row>
          <Row label="الإيجار السنوي">{referral.rent ? formatSar(referral.rent) : 'غير محدد'}</Row>
          <Row label="المدينة">{referral.city ? cityLabel(referral.city) : 'غير محددة'}</Row>
          <Row label="الوسيط">{referral.brokerName ?? 'وسيط عقاري'}</Row>
        </dl>
      </Card>
      <Card className="space-y-2 p-4">
        <CardTitle>ما أرسلته</CardTitle>
        {form ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <Row label="الاسم">{form.name}</Row>
            <Row label="الدخل الشهري">{formatSar(form.income)}</Row>
            <Row label="الالتزامات الشهرية">{formatSar(form.monthlyObligations)}</Row>
            <Row label="تاريخ الإرسال">{formatDateAr(form.submittedAt)}</Row>
            {TENANT_DOCUMENT_KINDS.map((kind) => {
              const document = form.documents.find((d) => d.kind === kind);
              return (
                <Row key={kind} label={TENANT_DOCUMENT_LABELS[kind]}>
                  {document ? `وصل في ${formatDateAr(document.providedAt)}` : 'لم يُرفق'}
                </Row>
              );
            })}
          </dl>
        ) : (
          <p className="text-sm text-slate-700">لم ترسل بياناتك بعد.</p>
        )}
      </Card>
      {held.consents.length > 0 ? (
        <Card className="space-y-2 p-4">
          <CardTitle>موافقاتك</CardTitle>
          <ul className="space-y-3 text-sm">
            {held.consents.map((consent) => (
              <li key={consent.purpose} className="space-y-1">
                <p className="font-medium">
                  {CONSENT_PURPOSE_LABELS[consent.purpose]}، في {formatDateAr(consent.givenAt)}
                </p>
                <blockquote className="border-s-4 border-slate-300 ps-3">{consent.text}</blockquote>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Requests held={held} token={token} />
    </div>
  );
}

function Requests({ held, token }: { held: Held; token: string }) {
  const [kind, setKind] = useState<'correction' | 'erasure' | null>(null);
  const [name, setName] = useState('');
  const [income, setIncome] = useState('');
  const [obligations, setObligations] = useState('');
  const [note, setNote] = useState('');
  const request = useRequestData(token, { onSuccess: () => setKind(null) });
  const openKinds = new Set(held.requests.filter((r) => r.status === 'open').map((r) => r.kind));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: DataRequestBody =
      kind === 'correction'
        ? {
            kind,
            correction: {
              ...(name.trim() ? { name } : {}),
              ...(income.trim() ? { income } : {}),
              ...(obligations.trim() ? { monthlyObligations: obligations } : {}),
            },
            ...(note.trim() ? { note } : {}),
          }
        : { kind: 'erasure', ...(note.trim() ? { note } : {}) };
    request.mutate(body);
  };
  return (
    <Card className="space-y-3 p-4">
      <CardTitle>طلباتك بشأن بياناتك</CardTitle>
      {held.requests.length > 0 ? (
        <ul className="space-y-2 text-sm">
          {held.requests.map((r) => (
            <li key={r.id} className="rounded-lg bg-slate-50 p-3">
              <p className="font-medium">
                {DATA_REQUEST_KIND_LABELS[r.kind]}: {DATA_REQUEST_STATUS_LABELS[r.status]}
              </p>
              <p className="text-slate-700">
                أُرسل في {formatDateAr(r.createdAt)}
                {r.status === 'open' ? `، ونرد عليه قبل ${formatDateAr(r.dueAt)}` : ''}
              </p>
              {r.resolution ? <p>سبب الرفض: {r.resolution}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {request.isSuccess && !kind ? (
        <p role="status" className="text-sm text-emerald-800">
          وصل طلبك، وسنرد عليه خلال ثلاثين يوماً.
        </p>
      ) : null}
      {kind ? (
        <form noValidate className="space-y-3" onSubmit={submit}>
          {kind === 'correction' ? (
            <>
              <p className="text-sm text-slate-700">اكتب ما تريد تصحيحه فقط، واترك الباقي فارغاً.</p>
              <FormField label="الاسم الصحيح">
                {(control) => (
                  <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />
                )}
              </FormField>
              <FormField label="الدخل الشهري الصحيح (ر.س)">
                {(control) => (
                  <Input
                    {...control}
                    value={income}
                    onChange={(e) => setIncome(e.target.value)}
                    inputMode="decimal"
                  />
                )}
              </FormField>
              <FormField label="الالتزامات الشهرية الصحيحة (ر.س)">
                {(control) => (
                  <Input
                    {...control}
                    value={obligations}
                    onChange={(e) => setObligations(e.target.value)}
                    inputMode="decimal"
                  />
                )}
              </FormField>
            </>
          ) : (
            <p className="text-sm">
              نحذف بياناتك ومستنداتك ورقم جوالك من هذا الطلب، ويُلغى الطلب إن كان مفتوحاً. نحتفظ فقط
              بما تلزمنا به الأنظمة من سجلات مالية وسجلات موافقتك.
            </p>
          )}
          <FormField label="ملاحظة (اختياري)">
            {(control) => (
              <Textarea {...control} value={note} onChange={(e) => setNote(e.target.value)} />
            )}
          </FormField>
          {request.isError ? (
            <Alert>{errorMessage(request.error, 'تعذر إرسال الطلب، يرجى المحاولة مرة أخرى')}</Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant={kind === 'erasure' ? 'destructive' : 'default'}
              disabled={request.isPending}
            >
              {request.isPending
                ? 'جاري الإرسال...'
                : kind === 'erasure'
                  ? 'إرسال طلب الحذف'
                  : 'إرسال طلب التصحيح'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setKind(null)}>
              إلغاء
            </Button>
          </div>
        </form>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            variant="outline"
            disabled={!held.form || openKinds.has('correction')}
            onClick={() => setKind('correction')}
          >
            طلب تصحيح بياناتي
          </Button>
          <Button
            variant="outline"
            disabled={openKinds.has('erasure')}
            onClick={() => setKind('erasure')}
          >
            طلب حذف بياناتي
          </Button>
        </div>
      )}
    </Card>
  );
}
