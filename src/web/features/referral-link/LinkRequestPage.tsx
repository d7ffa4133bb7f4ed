import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CITIES } from '#domain';
import { fieldErrors, isApiError } from '#lib/api';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { PhoneInput } from '#ui/phone-input';
import { Select } from '#ui/select';
import { errorToast } from '#ui/toast';
import { DevCodeBanner } from '../auth';
import { NotFoundPage } from '../shell';
import { useLinkRequest, useOpenLink, useSendLinkCode } from './api';

const CITY_OPTIONS = CITIES.map((c) => ({ value: c.key, label: c.label }));

/**
 * A broker's link as the tenant opens it (issue 17): who the broker is, what paying rent
 * monthly means, then the phone (checked by a one-time code), the rent and the city, and
 * straight on to the tenant form. A retired or unknown code is the not-found screen.
 */
export function LinkRequestPage() {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const viaQr = search.get('s') === 'qr';
  const navigate = useNavigate();
  const link = useOpenLink(code, viaQr);
  const [phone, setPhone] = useState('');
  const [rent, setRent] = useState('');
  const [city, setCity] = useState('');
  const [otp, setOtp] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [devCode, setDevCode] = useState<string | null>(null);
  const send = useSendLinkCode(code, {
    onSuccess: (sent) => {
      setCodeSent(true);
      setDevCode(sent.otpCode ?? null);
    },
    onError: errorToast('تعذر إرسال الرمز', 'حدث خطأ، يرجى المحاولة مرة أخرى'),
  });
  const request = useLinkRequest(code, {
    onSuccess: ({ formPath }) => navigate(formPath),
    onError: errorToast('تعذر إرسال الطلب', 'حدث خطأ، يرجى المحاولة مرة أخرى'),
  });
  if (isApiError(link.error, 404)) return <NotFoundPage />;
  const errors = { ...fieldErrors(send.error), ...fieldErrors(request.error) };
  return (
    <main id="main" className="mx-auto max-w-lg space-y-4 p-4">
      <h1 className="text-2xl font-bold">ادفع إيجارك شهرياً</h1>
      {link.data ? (
        <Card className="space-y-4">
          <div className="space-y-1">
            <p className="text-sm text-slate-700">طلبك مع الوسيط العقاري</p>
            {/* Isolated: a Latin name, or the broker code in its place, keeps its own order. */}
            <p className="text-lg font-bold">
              <bdi>{link.data.brokerName}</bdi>
            </p>
            {link.data.officeName ? (
              <p>
                <bdi>{link.data.officeName}</bdi>
              </p>
            ) : null}
            {link.data.falLicense ? (
              <p className="text-sm text-slate-700">
                رخصة فال رقم <bdi dir="ltr">{link.data.falLicense}</bdi>
              </p>
            ) : null}
          </div>
          <p className="text-slate-800">
            مع {BRAND.productName} تدفع إيجارك على أقساط شهرية بدلاً من دفعة سنوية كبيرة، ويتابع
            الوسيط طلبك حتى توقيع العقد. أدخل رقم جوالك لنتحقق منه، ثم أكمل بياناتك ومستنداتك.
          </p>
          {link.data.canReceive ? (
            <form
              noValidate
              className="space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (!codeSent) send.mutate(phone);
                else request.mutate({ phone, otp, rent, city, viaQr });
              }}
            >
              <FormField label="رقم جوالك" error={errors.phone}>
                {(control) => (
                  <PhoneInput
                    {...control}
                    value={phone}
                    onChange={(e) => setPhone(e.target.value)}
                    autoComplete="tel"
                    placeholder="05XXXXXXXX"
                    disabled={codeSent}
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
              {codeSent ? (
                <>
                  <DevCodeBanner code={devCode} />
                  <FormField label="رمز التحقق" error={errors.otp}>
                    {(control) => (
                      <Input
                        {...control}
                        value={otp}
                        onChange={(e) => setOtp(e.target.value)}
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        dir="ltr"
                        className="text-end"
                        maxLength={4}
                      />
                    )}
                  </FormField>
                  <Button type="submit" className="w-full" disabled={request.isPending}>
                    تأكيد الرقم والمتابعة
                  </Button>
                </>
              ) : (
                <Button type="submit" className="w-full" disabled={send.isPending}>
                  إرسال رمز التحقق
                </Button>
              )}
            </form>
          ) : (
            <Alert tone="warning">لا يستقبل هذا الوسيط طلبات جديدة حالياً.</Alert>
          )}
        </Card>
      ) : link.isError ? (
        <Alert>تعذر فتح الرابط، يرجى المحاولة مرة أخرى.</Alert>
      ) : (
        <Skeleton className="h-64" />
      )}
    </main>
  );
}
