import { RotateCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LINK_RETIRED } from '#contract/referral-links';
import { arabicCount, CITIES, NOUNS, OTP_CODE_LENGTH } from '#domain';
import { type ApiError, errorMessage, fieldErrors, isApiError } from '#lib/api';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { WhatsappLink } from '#ui/contact-links';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { NativeSelect } from '#ui/native-select';
import { PhoneInput } from '#ui/phone-input';
import {
  DEVICE_DATA,
  FalLicence,
  type PrivacySummary,
  REVIEW_TEAM,
  TenantShell,
  useProviderWhatsapp,
} from '../privacy';
import { type OpenedLink, useOpenLink, useSendLinkCode } from './api';
import { KEEP_CODE_PRIVATE } from './link-copy';

const CITY_OPTIONS = CITIES.map((c) => ({ value: c.key, label: c.label }));

/*
 * What the tenant needs only once they go on is not in the page's first load (decision 062):
 * the details' check (Zod and the domain's schemas) and the code step (with the sign-in pages'
 * parts it shares) are fetched when the tenant first touches the form, and awaited when needed.
 */
const loadDetailsCheck = () => import('./link-details-check');
const loadCodeStep = () => import('./link-code-step');
const LinkCodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.LinkCodeStep })));
/** Fetches both ahead, quietly: a failure is met again, and said, where the module is awaited. */
const prefetchNextSteps = () => {
  loadDetailsCheck().catch(() => {});
  loadCodeStep().catch(() => {});
};

/** What this page asks for, why, on what basis and who sees it (decision record 059). */
const LINK_PRIVACY: PrivacySummary = {
  collected: `رقم جوالك، والإيجار السنوي والمدينة إن أدخلتهما، و${DEVICE_DATA}.`,
  purpose:
    'للتحقق من أن الرقم رقمك، ثم لفتح طلب دفع إيجارك شهرياً لدى الوسيط ودراسته والتواصل معك بشأنه، ولحماية الخدمة من إساءة الاستخدام.',
  basis:
    'طلبك أنت: حين تضغط «تأكيد الرقم والمتابعة» نفتح طلبك، وبذلك توافق على معالجة هذه البيانات لهذا الغرض.',
  sharedWith: `${REVIEW_TEAM}؛ والوسيط صاحب هذا الرابط، ويصله رقمك فور فتح طلبك؛ ومزوّدو الرسائل، ونظام متابعة العملاء، والأنظمة المرتبطة بنا آلياً، كلٌّ بما يلزم عمله فقط.`,
};

/** Said of the code where the phone is asked for. */
const CODE_EXPLAINED = `سنرسل رمزاً من ${arabicCount(OTP_CODE_LENGTH, NOUNS.digit)} إلى جوالك للتأكد أنه رقمك؛ ${KEEP_CODE_PRIVATE}`;

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
    // The request as it will stand, drawn before the link's answer arrives: only the broker's
    // name, office and licence wait (their space kept), so nothing moves when it comes. The
    // same element as above, so what the tenant has typed meanwhile stays.
    body = <RequestCard code={code} viaQr={viaQr} broker={null} />;
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

/**
 * Who the broker is: the checked name, the office and the FAL licence, as far as shown. Its
 * height is kept from the first paint, whether or not the broker gave an office and a licence
 * (null: the link's answer is on its way), so the request below never moves.
 */
function BrokerIdentity({ broker }: { broker: OpenedLink | null }) {
  if (broker && !broker.brokerName) return null;
  return (
    <div className="min-h-[6.5rem] space-y-1">
      <p className="text-sm text-slate-700">طلبك مع الوسيط العقاري</p>
      {broker ? (
        <>
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
        </>
      ) : (
        // The name's, the office's and the licence's lines.
        <>
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-5 w-36" />
        </>
      )}
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

/**
 * The request: phone, rent and city, a code to the phone, then the code (LinkCodeStep).
 * `broker` is null while the link's answer is on its way: the form is there to fill in, its
 * button waits for the answer.
 */
function RequestCard({
  code,
  viaQr,
  broker,
}: {
  code: string;
  viaQr: boolean;
  broker: OpenedLink | null;
}) {
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [phone, setPhone] = useState('');
  const [rent, setRent] = useState('');
  const [city, setCity] = useState('');
  const [devCode, setDevCode] = useState<string | null>(null);
  const [detailsRefused, setDetailsRefused] = useState<Record<string, string>>({});
  // The details' check is being fetched (the first tap on a slow network), or it failed to.
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  // The first code; the code step sends it again, and keeps its countdown.
  const send = useSendLinkCode(code, {
    onSuccess: (sent) => {
      setDevCode(sent.otpCode ?? null);
      setStep('code');
    },
  });
  const changeNumber = () => {
    setStep('details');
    setDevCode(null);
    send.reset();
  };
  const sendDetails = () => {
    prefetchNextSteps();
    setChecking(true);
    setCheckFailed(false);
    loadDetailsCheck()
      .then(({ detailsErrors }) => {
        const refused = detailsErrors(rent, city);
        setDetailsRefused(refused);
        if (Object.keys(refused).length === 0) send.mutate(phone);
      })
      .catch(() => setCheckFailed(true))
      .finally(() => setChecking(false));
  };

  const errors = { ...detailsRefused, ...fieldErrors(send.error) };
  // Anything else the server refused, said on the page rather than in a passing toast.
  const sendRefusal =
    send.error && !errors.phone
      ? errorMessage(send.error, 'تعذر إرسال الرمز، يرجى المحاولة مرة أخرى')
      : checkFailed
        ? 'تعذر إرسال الرمز، يرجى المحاولة مرة أخرى'
        : null;
  const busy = send.isPending || checking;

  return (
    <>
      <h1 className="text-2xl font-bold">ادفع إيجارك شهرياً</h1>
      <Card className="space-y-4">
        <BrokerIdentity broker={broker} />
        <p className="text-slate-800">
          مع {BRAND.productName} تدفع إيجارك شهرياً بدلاً من دفعة سنوية كبيرة، ويتابع الوسيط طلبك حتى
          توقيع العقد. أدخل رقم جوالك لنتحقق منه، ثم أكمل بياناتك ومستنداتك.
        </p>
        {step === 'details' ? (
          <form
            noValidate
            className="space-y-4"
            // The tenant starts: what comes next is fetched while they type.
            onFocusCapture={prefetchNextSteps}
            onSubmit={(event) => {
              event.preventDefault();
              sendDetails();
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
                <NativeSelect
                  {...control}
                  value={city}
                  onChange={(e) => setCity(e.currentTarget.value)}
                  options={CITY_OPTIONS}
                  placeholder="اختر المدينة"
                />
              )}
            </FormField>
            {sendRefusal ? <Alert>{sendRefusal}</Alert> : null}
            <Button type="submit" className="w-full" disabled={busy || !broker}>
              {busy ? 'جاري الإرسال...' : 'إرسال رمز التحقق'}
            </Button>
          </form>
        ) : (
          <Suspense fallback={<p role="status">جاري التحميل...</p>}>
            <LinkCodeStep
              code={code}
              viaQr={viaQr}
              phone={phone}
              rent={rent}
              city={city}
              sentDevCode={devCode}
              onChangeNumber={changeNumber}
            />
          </Suspense>
        )}
      </Card>
    </>
  );
}
