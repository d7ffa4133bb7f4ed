import { Copy, Download, MessageCircle, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { formatNumberAr, formatSar } from '#domain';
import { saveBlob } from '#lib/download';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { copyText } from '#ui/copy';
import { Dialog } from '#ui/dialog';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { QR_CARD_URL, useLinkFunnel, useReferralLink, useRegenerateLink } from './api';
import { qrCardPng } from './qr-png';

const STEPS = [
  { key: 'visits', label: 'زيارات الرابط' },
  { key: 'started', label: 'طلبات بدأت' },
  { key: 'completed', label: 'نماذج اكتملت' },
  { key: 'signed', label: 'عقود وُقّعت' },
] as const;

/**
 * The broker's own link (issue 17) on the dashboard, phone and desktop: the address with copy
 * and a ready WhatsApp message, the QR card (SVG or PNG, A6), a new code on demand, and what
 * the link brought over the last eight weeks.
 */
export function ReferralLinkCard() {
  const titleId = useId();
  const link = useReferralLink();
  const funnel = useLinkFunnel();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const regenerate = useRegenerateLink({
    onSuccess: () => toast({ title: 'تم إنشاء رابط جديد، والرابط السابق لم يعد يعمل' }),
    onError: errorToast('خطأ', 'تعذر إنشاء رابط جديد'),
  });
  async function png(code: string) {
    setSaving(true);
    try {
      saveBlob(await qrCardPng(QR_CARD_URL), `qr_${code}.png`);
    } catch (error) {
      errorToast('خطأ', 'تعذر تجهيز صورة الرمز')(error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card className="space-y-4" role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId}>رابطك الخاص</CardTitle>
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title="إنشاء رابط جديد"
          description="سيتوقف الرابط الحالي ورمزه عن العمل فوراً، بما في ذلك ما طبعته أو شاركته."
        >
          <Button
            onClick={() => {
              regenerate.mutate();
              setConfirming(false);
            }}
          >
            تأكيد إنشاء رابط جديد
          </Button>
        </Dialog>
      ) : null}
      <QueryView query={link} loading={null} quietOnError>
        {(data) => (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              شارك رابطك أو رمزه مع المستأجرين: كل طلب يصل منه يُسجَّل باسمك.
            </p>
            <p className="break-all rounded-lg bg-slate-50 p-3 text-center">
              <bdi dir="ltr" className="font-mono">
                {data.url}
              </bdi>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => copyText(data.url, 'رابطك الخاص')}>
                <Copy aria-hidden="true" className="size-4" />
                نسخ الرابط
              </Button>
              <a
                className={buttonClasses('outline')}
                href={`https://wa.me/?text=${encodeURIComponent(data.shareText)}`}
                target="_blank"
                rel="noreferrer"
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                مشاركة عبر واتساب
              </a>
            </div>
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              <img
                src={QR_CARD_URL}
                alt="رمز QR لرابطك الخاص"
                className="w-40 rounded-lg border border-slate-200"
              />
              <div className="flex flex-wrap gap-2">
                <a
                  className={buttonClasses('outline')}
                  href={QR_CARD_URL}
                  download={`qr_${data.code}.svg`}
                >
                  <Download aria-hidden="true" className="size-4" />
                  تنزيل الرمز (SVG)
                </a>
                <Button variant="outline" disabled={saving} onClick={() => png(data.code)}>
                  <Download aria-hidden="true" className="size-4" />
                  تنزيل الرمز (PNG)
                </Button>
                <Button
                  variant="outline"
                  disabled={regenerate.isPending}
                  onClick={() => setConfirming(true)}
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  رابط جديد
                </Button>
              </div>
            </div>
          </div>
        )}
      </QueryView>
      <QueryView query={funnel} loading={null} quietOnError>
        {(data) => {
          const sum = (key: (typeof STEPS)[number]['key']) =>
            data.weeks.reduce((total, week) => total + week[key], 0);
          const commissions = data.weeks.reduce(
            (total, week) => total + Math.round(Number(week.commissions) * 100),
            0,
          );
          return (
            <section aria-label="ما جلبه رابطك خلال آخر ٨ أسابيع" className="space-y-2">
              <h3 className="text-sm font-bold">ما جلبه رابطك خلال آخر ٨ أسابيع</h3>
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                {STEPS.map((step) => (
                  <div key={step.key} className="rounded-lg bg-slate-50 p-2 text-center">
                    <dt className="text-xs text-slate-700">{step.label}</dt>
                    <dd className="text-lg font-bold">{formatNumberAr(sum(step.key))}</dd>
                  </div>
                ))}
                <div className="rounded-lg bg-slate-50 p-2 text-center">
                  <dt className="text-xs text-slate-700">عمولاتها</dt>
                  <dd className="text-lg font-bold">{formatSar(commissions / 100)}</dd>
                </div>
              </dl>
            </section>
          );
        }}
      </QueryView>
    </Card>
  );
}
