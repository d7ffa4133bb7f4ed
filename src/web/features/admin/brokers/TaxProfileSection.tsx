import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import {
  formatDateAr,
  formatNumberAr,
  taxEntityLabel,
  type VatState,
  vatStateLabel,
  vatVerifyBody,
} from '#domain';
import '#lib/validation';
import { fieldErrors } from '#lib/api';
import { useSession } from '#lib/session';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { errorToast, toast } from '#ui/toast';
import { type AdminBroker, useVerifyVat, vatCertificateUrl } from './api';
import { DecisionForm } from './DecisionForm';
import { DetailRow } from './DetailRow';

const TONE: Record<VatState, BadgeTone> = {
  none: 'neutral',
  unverified: 'warning',
  verified: 'success',
};

/**
 * «الملف الضريبي» in a broker's details (decision 071): who they are for tax, their VAT
 * registration and its certificate, the self-billing agreement they accepted, and the
 * verification on record; «التحقق من التسجيل الضريبي» with a note of what was checked, once the
 * registration is complete. `onChanged` gets the broker's row as the server answers it.
 */
export function TaxProfileSection({
  broker,
  onChanged,
}: {
  broker: AdminBroker;
  onChanged: (broker: AdminBroker) => void;
}) {
  const titleId = useId();
  const { profile } = useSession();
  const [verifying, setVerifying] = useState(false);
  const tax = broker.taxProfile;
  const review = broker.vatReview;
  const own = broker.id === profile?.id;
  const waiting = tax.vatState === 'unverified';
  // The server verifies only a registration with its certificate and the agreement accepted.
  const complete = Boolean(tax.vatNumber) && tax.certificate && tax.acceptedAgreement !== null;
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-bold">
          الملف الضريبي
        </h3>
        <Badge tone={TONE[tax.vatState]}>{vatStateLabel(tax.vatState)}</Badge>
      </div>
      <dl>
        <DetailRow label="نوع الوسيط">{taxEntityLabel(tax.entity)}</DetailRow>
        {tax.entity === 'establishment' ? (
          <>
            <DetailRow label="الاسم المسجّل">{tax.legalName}</DetailRow>
            <DetailRow label="رقم السجل التجاري">
              {tax.crNumber ? <bdi dir="ltr">{tax.crNumber}</bdi> : null}
            </DetailRow>
          </>
        ) : null}
        <DetailRow label="رقم التسجيل الضريبي">
          {tax.vatNumber ? <bdi dir="ltr">{tax.vatNumber}</bdi> : null}
        </DetailRow>
        {tax.vatVerifiedAt ? (
          <DetailRow label="تاريخ التحقق">{formatDateAr(tax.vatVerifiedAt)}</DetailRow>
        ) : null}
        {review ? (
          <>
            <DetailRow label="ملاحظة التحقق">{review.note}</DetailRow>
            <DetailRow label="تحقق منه">{review.verifiedBy}</DetailRow>
          </>
        ) : null}
      </dl>
      <p className="text-sm">
        {tax.acceptedAgreement === null
          ? 'لم يوافق على اتفاقية الفوترة الذاتية'
          : `وافق على اتفاقية الفوترة الذاتية (الإصدار ${formatNumberAr(tax.acceptedAgreement)})`}
      </p>
      {tax.certificate ? (
        <a
          href={vatCertificateUrl(broker.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'w-full sm:w-auto')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          عرض شهادة التسجيل الضريبي
        </a>
      ) : tax.vatNumber ? (
        <p className="text-sm text-slate-700">لم يرفع الوسيط شهادة التسجيل الضريبي.</p>
      ) : null}
      {waiting && own ? (
        <p className="text-sm text-slate-700">
          لا يمكنك التحقق من تسجيلك الضريبي بنفسك، يتحقق منه مشرف آخر.
        </p>
      ) : waiting && !complete ? (
        <p className="text-sm text-slate-700">
          يُتحقق من التسجيل بعد أن يرفع الوسيط شهادته ويوافق على اتفاقية الفوترة الذاتية.
        </p>
      ) : null}
      {waiting && !own && complete ? (
        verifying ? (
          // A row read again with a change starts the form afresh: the admin vouches only for
          // the registration they are shown, and the server refuses any other (`seenUpdatedAt`).
          <VerifyVatForm
            key={broker.updatedAt}
            broker={broker}
            onDone={(changed) => {
              setVerifying(false);
              onChanged(changed);
            }}
            onCancel={() => setVerifying(false)}
          />
        ) : (
          <Button onClick={() => setVerifying(true)}>التحقق من التسجيل الضريبي</Button>
        )
      ) : null}
    </section>
  );
}

/** The note's rule, as the server reads it: required, at most 500 characters. */
const noteSchema = vatVerifyBody.shape.note;

/** What the admin checked of the registration (the certificate, the number), in a note. */
function VerifyVatForm({
  broker,
  onDone,
  onCancel,
}: {
  broker: AdminBroker;
  onDone: (broker: AdminBroker) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const verify = useVerifyVat({
    onSuccess: (changed) => {
      toast({
        title: 'تم التحقق من التسجيل الضريبي',
        ...(changed.taxProfile.chargesVat
          ? { description: 'وتُضاف ضريبة القيمة المضافة إلى عمولاته غير المدفوعة من الآن' }
          : {}),
      });
      onDone(changed);
    },
    onError: errorToast('خطأ', 'حدث خطأ في التحقق من التسجيل الضريبي'),
  });
  const checked = noteSchema.safeParse(note);
  const noteError =
    (tried ? checked.error?.issues[0]?.message : undefined) ?? fieldErrors(verify.error).note;
  return (
    <DecisionForm
      label="التحقق من التسجيل الضريبي"
      text={{
        label: 'ما الذي تحققت منه',
        hint: 'ما رأيته: رقم التسجيل الضريبي والاسم في الشهادة',
        value: note,
        onChange: setNote,
        error: noteError,
      }}
      submit={verify.isPending ? 'جاري التحقق...' : 'تأكيد التحقق'}
      pending={verify.isPending}
      onCancel={onCancel}
      onSubmit={() => {
        setTried(true);
        if (!checked.success) return;
        verify.mutate({ id: broker.id, note: checked.data, seenUpdatedAt: broker.updatedAt });
      }}
    />
  );
}
