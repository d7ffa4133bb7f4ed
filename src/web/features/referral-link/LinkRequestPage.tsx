import { RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LINK_RETIRED } from '#contract/referral-links';
import {
  arabicCount,
  CITIES,
  inGenitive,
  linkRequestBodySchema,
  NOUNS,
  OTP_CODE_LENGTH,
  OTP_VALIDITY_MINUTES,
} from '#domain';
import { type ApiError, errorMessage, fieldErrors, isApiError } from '#lib/api';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { WhatsappLink } from '#ui/contact-links';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { PhoneInput } from '#ui/phone-input';
import { Select } from '#ui/select';
import { DevCodeBanner, PhoneInUse, ResendCodeButton, useResendClock } from '../auth';
import {
  DEVICE_DATA,
  FalLicence,
  type PrivacySummary,
  REVIEW_TEAM,
  TenantShell,
  useProviderWhatsapp,
} from '../privacy';
import { type OpenedLink, useLinkRequest, useOpenLink, useSendLinkCode } from './api';

const CITY_OPTIONS = CITIES.map((c) => ({ value: c.key, label: c.label }));

/** The rent and the city checked before a code is sent: the code step no longer shows them. */
const detailsSchema = linkRequestBodySchema.pick({ rent: true, city: true });

/** Each refused field's Arabic message, by field name. */
function detailsErrors(rent: string, city: string): Record<string, string> {
  const checked = detailsSchema.safeParse({ rent, city });
  if (checked.success) return {};
  return Object.fromEntries(
    checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

/** What this page asks for, why, on what basis and who sees it (decision record 059). */
const LINK_PRIVACY: PrivacySummary = {
  collected: `رقم جوالك، والإيجار السنوي والمدينة إن أدخلتهما، و${DEVICE_DATA}.`,
  purpose:
    'للتحقق من أن الرقم رقمك، ثم لفتح طلب دفع إيجارك شهرياً لدى الوسيط ودراسته والتواصل معك بشأنه، ولحماية الخدمة من إساءة الاستخدام.',
  basis:
    'طلبك أنت: حين تضغط «تأكيد الرقم والمتابعة» نفتح طلبك، وبذلك توافق على معالجة هذه البيانات لهذا الغرض.',
  sharedWith: `${REVIEW_TEAM}؛ والوسيط صاحب هذا الرابط، ويصله رقمك فور فتح طلبك؛ ومزوّدو الرسائل، ونظام متابعة العملاء، والأنظمة المرتبطة بنا آلياً، كلٌّ بما يلزم عمله فقط.`,
};

/** Said of the code wherever it is asked for. */
const KEEP_CODE_PRIVATE = 'لا تشاركه مع أحد، ولن يطلبه منك الوسيط.';
const CODE_EXPLAINED = `سنرسل رمزاً من ${arabicCount(OTP_CODE_LENGTH, NOUNS.digit)} إلى جوالك للتأكد أنه رقمك؛ ${KEEP_CODE_PRIVATE}`;
const CODE_VALIDITY = `الرمز صالح مدة ${arabicCount(OTP_VALIDITY_MINUTES, inGenitive(NOUNS.minute))}. ${KEEP_CODE_PRIVATE}`;

/** What pressing «تأكيد الرقم والمتابعة» does, and that it is the tenant's consent to it. */
const REQUEST_CONSENT =
  'حين تضغط «تأكيد الرقم والمتابعة» نفتح طلبك لدى الوسيط ونبلغه برقمك، وبذلك توافق على معالجة بياناتك كما يبيّن قسم «من يطلب بياناتك؟» أسفل هذه الصفحة.';

/** Every dead end's last words, before the WhatsApp button. */
const WE_HELP = 'أو راسلنا على واتساب ونساعدك في تقديم طلبك.';

/**
 * A broker's link as the tenant opens it (issue 17; its first screen, issue 32): the brand and
 * the provider, who the broker is, what paying rent monthly means, then the phone (checked by a
 * one-time code), the rent and the city, and straight on to the tenant form. Every way the link
 * can fail says why, kindly, with a next step.
 */
export function LinkRequestPage() {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const viaQr = search.get('s') === 'qr';
  const link = useOpenLink(code, viaQr);
  let body: ReactNode;
  if (link.data) {
    body = link.data.canReceive ? (
      <RequestCard code={code} viaQr={viaQr} broker={link.data} />
    ) : (
      <UnavailableCard code={code} broker={link.data} />
    );
  } else if (isApiError(link.error, 404) || isApiError(link.error, 400)) {
    // 400: no code of ours has that form, an unknown link all the same.
    body = <DeadLink code={code} error={link.error} />;
  } else if (link.isError) {
    // Too many opens from here (429), or no answer at all: try again, or write to us.
    const tooMany = isApiError(link.error, 429);
    body = (
      <DeadEnd
        code={code}
        title={tooMany ? 'محاولات كثيرة على هذا الرابط' : 'تعذر فتح الرابط'}
        action={
          <Button onClick={() => void link.refetch()} disabled={link.isFetching}>
            <RotateCw aria-hidden="true" className="size-4" />
            إعادة المحاولة
          </Button>
        }
      >
        {tooMany ? (
          <p>
            {errorMessage(link.error, 'محاولات كثيرة، يرجى المحاولة لاحقاً')}، {WE_HELP}
          </p>
        ) : (
          <p>قد يكون الاتصال بالإنترنت ضعيفاً. أعد المحاولة بعد لحظات، {WE_HELP}</p>
        )}
      </DeadEnd>
    );
  } else {
    body = (
      <>
        <h1 className="text-2xl font-bold">ادفع إيجارك شهرياً</h1>
        <Skeleton className="h-96" />
      </>
    );
  }
  return (
    <TenantShell
      intro={
        <>
          تقدّم <strong>{BRAND.productName}</strong> خدمة دفع الإيجار شهرياً، وتطلب رقم جوالك لبدء
          طلبك عبر وسيطك العقاري.
        </>
      }
      privacy={LINK_PRIVACY}
    >
      {body}
    </TenantShell>
  );
}

/** Who the broker is: the checked name, the office and the FAL licence, as far as shown. */
function BrokerIdentity({ broker }: { broker: OpenedLink }) {
  if (!broker.brokerName) return null;
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-700">طلبك مع الوسيط العقاري</p>
      {/* Isolated: a Latin name keeps its own order. */}
      <p className="text-lg font-bold">
        <bdi>{broker.brokerName}</bdi>
      </p>
      {broker.officeName ? (
        <p>
          <bdi>{broker.officeName}</bdi>
        </p>
      ) : null}
      {broker.falLicense ? <FalLicence licence={broker.falLicense} /> : null}
    </div>
  );
}

/**
 * «راسلنا على واتساب»: the provider's WhatsApp, the link's code in the message so support knows
 * which link it was. Always there: the build's number stands in while the server's is unread.
 */
function ProviderWhatsapp({ code }: { code: string }) {
  const whatsapp = useProviderWhatsapp();
  return (
    <WhatsappLink
      phone={whatsapp}
      text={`مرحباً، أرغب في دفع إيجاري شهرياً، ولم أستطع تقديم الطلب عبر رابط الوسيط ${code}`}
    >
      راسلنا على واتساب
    </WhatsappLink>
  );
}

/** A dead end: what happened, what to do next, and the provider's WhatsApp (after `action`). */
function DeadEnd({
  code,
  title,
  action,
  children,
}: {
  code: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="space-y-2 leading-7 text-slate-800">{children}</div>
      <div className="flex flex-wrap gap-3">
        {action}
        <ProviderWhatsapp code={code} />
      </div>
    </Card>
  );
}

/** A code that is no one's link: replaced by the broker (LINK_RETIRED), or never a link. */
function DeadLink({ code, error }: { code: string; error: ApiError }) {
  const data = error.data;
  if (data?.code === LINK_RETIRED) {
    const name = typeof data.brokerName === 'string' ? data.brokerName : null;
    return (
      <DeadEnd code={code} title="لم يعد هذا الرابط مستخدماً">
        <p>
          {name ? (
            <>
              استبدل الوسيط العقاري <bdi className="font-bold">{name}</bdi> هذا الرابط برابط جديد،
              فلم يعد يستقبل الطلبات.
            </>
          ) : (
            'استبدل الوسيط العقاري صاحب هذا الرابط رابطه برابط جديد أو أوقفه، فلم يعد يستقبل الطلبات.'
          )}
        </p>
        <p>اطلب من الوسيط رابطه الجديد، {WE_HELP}</p>
      </DeadEnd>
    );
  }
  return (
    <DeadEnd code={code} title="لم نجد هذا الرابط">
      <p>تأكد من أنك فتحت الرابط كاملاً كما أرسله إليك الوسيط، أو امسح الرمز مرة أخرى.</p>
      <p>إن تكرر ذلك فاطلب من الوسيط رابطه من جديد، {WE_HELP}</p>
    </DeadEnd>
  );
}

/**
 * A live link that takes no request: why, and what to do next. Nobody is named (decision
 * record 059), and nothing is said about the broker's account.
 */
function UnavailableCard({ code, broker }: { code: string; broker: OpenedLink }) {
  const inactive = broker.unavailableReason === 'broker_inactive';
  return (
    <>
      <h1 className="text-2xl font-bold">ادفع إيجارك شهرياً</h1>
      <Card className="space-y-4">
        <Alert tone="warning" className="space-y-2 text-base leading-7">
          {inactive ? (
            <>
              <p className="font-bold">لا يستقبل هذا الوسيط طلبات عبر هذا الرابط حالياً.</p>
              <p>تواصل مع الوسيط الذي أرسل إليك الرابط، {WE_HELP}</p>
            </>
          ) : (
            <>
              <p className="font-bold">لا يمكن تقديم طلب عبر هذا الرابط الآن.</p>
              <p>
                لم يُكمل الوسيط صاحب الرابط بياناته لدينا بعد، لذلك لا نعرض اسمه. اطلب منه إكمالها ثم
                افتح الرابط من جديد، {WE_HELP}
              </p>
            </>
          )}
        </Alert>
        <ProviderWhatsapp code={code} />
      </Card>
    </>
  );
}

/** An answer the server gave about the code itself (wrong, expired, too many tries). */
const isCodeError = (error: unknown) =>
  isApiError(error) && String(error.data?.code ?? '').startsWith('OTP_');

/**
 * The request: phone, rent and city, a code to the phone, then the code. A wrong code is said
 * under its field and the field keeps what was typed; the code can be sent again after its
 * countdown (or the server's wait), and «تغيير الرقم» goes back to the phone.
 */
function RequestCard({
  code,
  viaQr,
  broker,
}: {
  code: string;
  viaQr: boolean;
  broker: OpenedLink;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [phone, setPhone] = useState('');
  const [rent, setRent] = useState('');
  const [city, setCity] = useState('');
  const [otp, setOtp] = useState('');
  const [devCode, setDevCode] = useState<string | null>(null);
  const [detailsRefused, setDetailsRefused] = useState<Record<string, string>>({});
  const clock = useResendClock();
  const send = useSendLinkCode(code, {
    onSuccess: (sent) => {
      setDevCode(sent.otpCode ?? null);
      clock.codeSent();
      setStep('code');
    },
    onError: clock.refused,
  });
  const request = useLinkRequest(code, {
    onSuccess: ({ formPath }) => navigate(formPath),
    // A spent wrong-code budget (429) names its wait: the resend countdown shows it.
    onError: clock.refused,
  });
  const changeNumber = () => {
    setStep('details');
    setOtp('');
    setDevCode(null);
    clock.stop();
    send.reset();
    request.reset();
  };

  const errors = {
    ...detailsRefused,
    ...fieldErrors(send.error),
    ...fieldErrors(request.error),
  };
  const codeError = isCodeError(request.error)
    ? errorMessage(request.error, 'رمز التحقق غير صحيح')
    : errors.otp;
  // Anything else the server refused, said on the page rather than in a passing toast.
  const sendRefusal =
    send.error && !errors.phone
      ? errorMessage(send.error, 'تعذر إرسال الرمز، يرجى المحاولة مرة أخرى')
      : null;
  const requestRefusal =
    request.error && !isCodeError(request.error) && !errors.otp
      ? errorMessage(request.error, 'تعذر إرسال الطلب، يرجى المحاولة مرة أخرى')
      : null;

  return (
    <>
      <h1 className="text-2xl font-bold">ادفع إيجارك شهرياً</h1>
      <Card className="space-y-4">
        <BrokerIdentity broker={broker} />
        <p className="text-slate-800">
          مع {BRAND.productName} تدفع إيجارك على أقساط شهرية بدلاً من دفعة سنوية كبيرة، ويتابع الوسيط
          طلبك حتى توقيع العقد. أدخل رقم جوالك لنتحقق منه، ثم أكمل بياناتك ومستنداتك.
        </p>
        {step === 'details' ? (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              const refused = detailsErrors(rent, city);
              setDetailsRefused(refused);
              if (Object.keys(refused).length === 0) send.mutate(phone);
            }}
          >
            <FormField label="رقم جوالك" error={errors.phone} hint={CODE_EXPLAINED}>
              {(control) => (
                <PhoneInput
                  {...control}
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  autoComplete="tel"
                  placeholder="05XXXXXXXX"
                />
              )}
            </FormField>
            <FormField label="الإيجار السنوي بالريال (اختياري)" error={errors.rent}>
              {(control) => (
                <Input
                  {...control}
                  value={rent}
                  onChange={(e) => setRent(e.target.value)}
                  inputMode="numeric"
                  dir="ltr"
                  className="text-end"
                />
              )}
            </FormField>
            <FormField label="المدينة (اختياري)" error={errors.city}>
              {(control) => (
                <Select
                  {...control}
                  value={city}
                  onValueChange={setCity}
                  options={CITY_OPTIONS}
                  placeholder="اختر المدينة"
                />
              )}
            </FormField>
            {sendRefusal ? <Alert>{sendRefusal}</Alert> : null}
            <Button type="submit" className="w-full" disabled={send.isPending}>
              {send.isPending ? 'جاري الإرسال...' : 'إرسال رمز التحقق'}
            </Button>
          </form>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              request.mutate({ phone, otp, rent, city, viaQr });
            }}
          >
            {/* Closed while a code is on its way: its answer belongs to this number. */}
            <PhoneInUse
              lead="أرسلنا رمز التحقق إلى الرقم"
              phone={phone}
              onChange={changeNumber}
              busy={send.isPending}
            />
            <p className="text-sm text-slate-700">{CODE_VALIDITY}</p>
            <DevCodeBanner code={devCode} />
            <FormField label="رمز التحقق" error={codeError}>
              {(control) => (
                <Input
                  {...control}
                  value={otp}
                  onChange={(e) => setOtp(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  dir="ltr"
                  className="text-center tracking-[0.5em]"
                  maxLength={OTP_CODE_LENGTH}
                />
              )}
            </FormField>
            {requestRefusal ? <Alert>{requestRefusal}</Alert> : null}
            {sendRefusal ? <Alert>{sendRefusal}</Alert> : null}
            {/* The basis of what the button does, said before it (decision record 059). */}
            <p id="request-consent" className="text-sm leading-6 text-slate-700">
              {REQUEST_CONSENT}
            </p>
            <Button
              type="submit"
              className="w-full"
              disabled={request.isPending}
              aria-describedby="request-consent"
            >
              {request.isPending ? 'جاري التحقق...' : 'تأكيد الرقم والمتابعة'}
            </Button>
            <ResendCodeButton
              availableAt={clock.resendAt}
              busy={send.isPending}
              onResend={() => {
                request.reset();
                send.mutate(phone);
              }}
            />
          </form>
        )}
      </Card>
    </>
  );
}
