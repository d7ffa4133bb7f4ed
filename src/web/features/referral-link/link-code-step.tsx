import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { arabicCount, inGenitive, NOUNS, OTP_VALIDITY_MINUTES } from '#domain';
import { errorMessage, fieldErrors, isApiError } from '#lib/api';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import {
  DevCodeBanner,
  OneTimeCodeField,
  PhoneInUse,
  ResendCodeButton,
  useResendClock,
} from '../auth';
import { useLinkRequest, useSendLinkCode } from './api';
import { KEEP_CODE_PRIVATE } from './link-copy';

const CODE_VALIDITY = `الرمز صالح مدة ${arabicCount(OTP_VALIDITY_MINUTES, inGenitive(NOUNS.minute))}. ${KEEP_CODE_PRIVATE}`;

/** What pressing «تأكيد الرقم والمتابعة» does, and that it is the tenant's consent to it. */
const REQUEST_CONSENT =
  'حين تضغط «تأكيد الرقم والمتابعة» نفتح طلبك لدى الوسيط ونبلغه برقمك، وبذلك توافق على معالجة بياناتك كما يبيّن قسم «من يطلب بياناتك؟» أسفل هذه الصفحة.';

/** An answer the server gave about the code itself (wrong, expired, too many tries). */
const isCodeError = (error: unknown) =>
  isApiError(error) && String(error.data?.code ?? '').startsWith('OTP_');

/**
 * The link's code step (loaded when the tenant starts on the details, not with the page): the
 * number the code went to with «تغيير الرقم», the code, and «تأكيد الرقم والمتابعة», which opens
 * the request and goes on to the tenant form. A wrong code is said under its field and the field
 * keeps what was typed; the code can be sent again after its countdown (or the server's wait).
 * Shown once the first code is sent; «تغيير الرقم» closes it, with its countdown.
 */
export function LinkCodeStep({
  code,
  viaQr,
  phone,
  rent,
  city,
  sentDevCode,
  onChangeNumber,
}: {
  code: string;
  viaQr: boolean;
  phone: string;
  rent: string;
  city: string;
  /** The development code of the code just sent, when the server shows it. */
  sentDevCode: string | null;
  onChangeNumber: () => void;
}) {
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [devCode, setDevCode] = useState(sentDevCode);
  const clock = useResendClock();
  const { codeSent } = clock;
  // The code that opened this step was just sent: its countdown is there from the first paint.
  useLayoutEffect(() => codeSent(), [codeSent]);
  const resend = useSendLinkCode(code, {
    onSuccess: (sent) => {
      setDevCode(sent.otpCode ?? null);
      clock.codeSent();
    },
    // A refusal that names its wait (429) restarts the countdown from it.
    onError: clock.refused,
  });
  const request = useLinkRequest(code, {
    onSuccess: ({ formPath }) => navigate(formPath),
    // A spent wrong-code budget (429) names its wait: the resend countdown shows it.
    onError: clock.refused,
  });
  const otpRefusal = fieldErrors(request.error).otp;
  const codeError = isCodeError(request.error)
    ? errorMessage(request.error, 'رمز التحقق غير صحيح')
    : otpRefusal;
  // Anything else the server refused, said on the page rather than in a passing toast.
  const requestRefusal =
    request.error && !isCodeError(request.error) && !otpRefusal
      ? errorMessage(request.error, 'تعذر إرسال الطلب، يرجى المحاولة مرة أخرى')
      : null;
  const sendRefusal =
    resend.error && !fieldErrors(resend.error).phone
      ? errorMessage(resend.error, 'تعذر إرسال الرمز، يرجى المحاولة مرة أخرى')
      : null;

  return (
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
        onChange={onChangeNumber}
        busy={resend.isPending}
      />
      <p className="text-sm text-slate-700">{CODE_VALIDITY}</p>
      <DevCodeBanner code={devCode} />
      <OneTimeCodeField value={otp} onChange={setOtp} error={codeError} />
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
        busy={resend.isPending}
        onResend={() => {
          request.reset();
          resend.mutate(phone);
        }}
      />
    </form>
  );
}
