import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import {
  FAL_LICENSE_EVIDENCE,
  FAL_LICENSE_MESSAGES,
  type FalLicenseEvidence,
  type FalLicenseState,
  falLicenseEvidenceLabel,
  falLicenseStateLabel,
  falLicenseTypeLabel,
  formatDateAr,
  formatDayAr,
} from '#domain';
import { fieldErrors } from '#lib/api';
import { useSession } from '#lib/session';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { errorToast, toast } from '#ui/toast';
import {
  type AdminBroker,
  falLicenseCopyUrl,
  useRefuseFalLicense,
  useVerifyFalLicense,
} from './api';
import { DecisionForm } from './DecisionForm';
import { DetailRow } from './DetailRow';

const TONE: Record<FalLicenseState, BadgeTone> = {
  missing: 'neutral',
  not_brokerage: 'danger',
  expired: 'danger',
  refused: 'danger',
  unverified: 'warning',
  verified: 'success',
};

/** A licence's standing as a badge, in the list's rows and in the details. */
export function FalLicenseBadge({ broker }: { broker: AdminBroker }) {
  const { state } = broker.falLicenseStanding;
  return <Badge tone={TONE[state]}>رخصة فال: {falLicenseStateLabel(state)}</Badge>;
}

/** Why the console offers no verification of a licence in this state (the server refuses it). */
const CANNOT_VERIFY: Partial<Record<FalLicenseState, string>> = {
  missing: 'لم يُدخل الوسيط رقم الرخصة ونوعها وتاريخ انتهائها بعد.',
  not_brokerage: 'نوع الرخصة المسجل لا يشمل الوساطة والتسويق العقاري.',
  expired: 'الرخصة منتهية، وينتظر تحديث الوسيط لها.',
};

/**
 * «رخصة فال» in a broker's details (decision 070): the licence, its copy and the verification
 * on record; «التحقق من الرخصة» with the evidence seen and a note, «رفض الرخصة» with the reason
 * the broker reads. `onChanged` gets the broker's row as the server answers it.
 */
export function FalLicenseSection({
  broker,
  onChanged,
}: {
  broker: AdminBroker;
  onChanged: (broker: AdminBroker) => void;
}) {
  const titleId = useId();
  const { profile } = useSession();
  const [acting, setActing] = useState<'verify' | 'refuse' | null>(null);
  const standing = broker.falLicenseStanding;
  const review = broker.falLicenseReview;
  const own = broker.id === profile?.id;
  const cannotVerify = CANNOT_VERIFY[standing.state];
  const canVerify = !own && !cannotVerify && standing.state !== 'verified';
  const canRefuse = !own && standing.state !== 'missing' && standing.state !== 'refused';
  const done = (changed: AdminBroker) => {
    setActing(null);
    onChanged(changed);
  };
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-bold">
          رخصة فال
        </h3>
        <FalLicenseBadge broker={broker} />
      </div>
      <dl>
        <DetailRow label="رقم الرخصة">
          {broker.falLicense ? <bdi dir="ltr">{broker.falLicense}</bdi> : null}
        </DetailRow>
        <DetailRow label="نوع الرخصة">
          {broker.falLicenseType ? falLicenseTypeLabel(broker.falLicenseType) : null}
        </DetailRow>
        <DetailRow label="تاريخ الانتهاء">
          {broker.falLicenseExpiresOn ? formatDayAr(broker.falLicenseExpiresOn) : null}
        </DetailRow>
        {standing.verifiedAt ? (
          <DetailRow label="تاريخ التحقق">{formatDateAr(standing.verifiedAt)}</DetailRow>
        ) : null}
        {review ? (
          <>
            <DetailRow label="ما تم التحقق منه">
              {falLicenseEvidenceLabel(review.evidence)}
            </DetailRow>
            <DetailRow label="ملاحظة التحقق">{review.note}</DetailRow>
            <DetailRow label="تحقق منها">{review.verifiedBy}</DetailRow>
          </>
        ) : null}
        {standing.refusal ? <DetailRow label="سبب عدم القبول">{standing.refusal}</DetailRow> : null}
      </dl>
      {broker.falLicenseCopy ? (
        <a
          href={falLicenseCopyUrl(broker.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'w-full sm:w-auto')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          فتح نسخة الرخصة
        </a>
      ) : (
        <p className="text-sm text-slate-700">لم يرفع الوسيط نسخة من الرخصة.</p>
      )}
      {own ? (
        <p className="text-sm text-slate-700">
          لا يمكنك التحقق من رخصتك بنفسك، يتحقق منها مشرف آخر.
        </p>
      ) : cannotVerify && standing.state !== 'verified' ? (
        <p className="text-sm text-slate-700">{cannotVerify}</p>
      ) : null}
      {acting === 'verify' ? (
        // A row read again with a change starts the form afresh: the admin vouches only for
        // the licence they are shown, and the server refuses any other (`seenUpdatedAt`).
        <VerifyForm
          key={broker.updatedAt}
          broker={broker}
          onDone={done}
          onCancel={() => setActing(null)}
        />
      ) : acting === 'refuse' ? (
        <RefuseForm broker={broker} onDone={done} onCancel={() => setActing(null)} />
      ) : canVerify || canRefuse ? (
        <div className="flex flex-wrap gap-2">
          {canVerify ? <Button onClick={() => setActing('verify')}>التحقق من الرخصة</Button> : null}
          {canRefuse ? (
            <Button variant="outline" onClick={() => setActing('refuse')}>
              رفض الرخصة
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** What the admin looked at, and a note of what they saw. */
function VerifyForm({
  broker,
  onDone,
  onCancel,
}: {
  broker: AdminBroker;
  onDone: (broker: AdminBroker) => void;
  onCancel: () => void;
}) {
  const legendId = useId();
  const [evidence, setEvidence] = useState<FalLicenseEvidence | null>(
    broker.falLicenseCopy ? 'copy' : null,
  );
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const verify = useVerifyFalLicense({
    onSuccess: (changed) => {
      toast({ title: 'تم التحقق من رخصة فال', description: 'وأُفرج عن العمولات الموقوفة بسببها' });
      onDone(changed);
    },
    onError: errorToast('خطأ', 'حدث خطأ في التحقق من الرخصة'),
  });
  const server = fieldErrors(verify.error);
  const evidenceError = tried && !evidence ? 'يرجى اختيار ما تم التحقق منه' : server.evidence;
  const noteError = tried && note.trim() === '' ? FAL_LICENSE_MESSAGES.note : server.note;
  return (
    <DecisionForm
      label="التحقق من الرخصة"
      text={{
        label: 'ملاحظة التحقق',
        hint: 'ما رأيته: الاسم ورقم الرخصة ونوعها وتاريخ انتهائها',
        value: note,
        onChange: setNote,
        error: noteError,
      }}
      submit={verify.isPending ? 'جاري التحقق...' : 'تأكيد التحقق'}
      pending={verify.isPending}
      onCancel={onCancel}
      onSubmit={() => {
        setTried(true);
        if (!evidence || note.trim() === '') return;
        verify.mutate({ id: broker.id, evidence, note, seenUpdatedAt: broker.updatedAt });
      }}
    >
      <fieldset aria-describedby={evidenceError ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="mb-1 text-sm font-medium text-slate-800">
          ما الذي تحققت منه؟
        </legend>
        {FAL_LICENSE_EVIDENCE.map((option) => {
          const noCopy = option === 'copy' && !broker.falLicenseCopy;
          return (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:text-slate-600"
            >
              <input
                type="radio"
                name="evidence"
                value={option}
                checked={evidence === option}
                disabled={noCopy}
                onChange={() => setEvidence(option)}
                className="size-5 shrink-0 accent-brand-700"
              />
              {falLicenseEvidenceLabel(option)}
              {noCopy ? ' (لا توجد نسخة مرفوعة)' : null}
            </label>
          );
        })}
        {evidenceError ? (
          <p id={`${legendId}-error`} role="alert" className="text-sm text-red-700">
            {evidenceError}
          </p>
        ) : null}
      </fieldset>
    </DecisionForm>
  );
}

/** The reason the licence is not accepted, as the broker will read it. */
function RefuseForm({
  broker,
  onDone,
  onCancel,
}: {
  broker: AdminBroker;
  onDone: (broker: AdminBroker) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const refuse = useRefuseFalLicense({
    onSuccess: (changed) => {
      toast({ title: 'تم رفض رخصة فال', description: 'وأُبلغ الوسيط بالسبب' });
      onDone(changed);
    },
    onError: errorToast('خطأ', 'حدث خطأ في رفض الرخصة'),
  });
  const reasonError =
    tried && reason.trim() === '' ? FAL_LICENSE_MESSAGES.reason : fieldErrors(refuse.error).reason;
  return (
    <DecisionForm
      label="رفض الرخصة"
      text={{
        label: 'سبب عدم قبول الرخصة كما سيقرؤه الوسيط',
        value: reason,
        onChange: setReason,
        error: reasonError,
      }}
      submit={refuse.isPending ? 'جاري الحفظ...' : 'تأكيد رفض الرخصة'}
      destructive
      pending={refuse.isPending}
      onCancel={onCancel}
      onSubmit={() => {
        setTried(true);
        if (reason.trim() === '') return;
        refuse.mutate({ id: broker.id, reason });
      }}
    />
  );
}
