import { Copy, QrCode, RefreshCw, Share2 } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import {
  arabicCount,
  formatNumberAr,
  formatSar,
  inGenitive,
  LINK_FUNNEL_WEEKS,
  NOUNS,
} from '#domain';
import { Button, buttonClasses } from '#ui/button';
import { CardTitle } from '#ui/card';
import { copyText } from '#ui/copy';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { useLinkFunnel, useReferralLink, useRegenerateLink } from './api';
import { LazyNewLinkDialog, LazyQrDialog } from './lazy-card-dialogs';

const TITLE = 'رابطك الخاص';
/** «ما جلبه رابطك خلال آخر ٨ أسابيع», the period the funnel is counted over. */
const FUNNEL_TITLE = `ما جلبه رابطك خلال آخر ${arabicCount(LINK_FUNNEL_WEEKS, inGenitive(NOUNS.week))}`;

const STEPS = [
  { key: 'visits', label: 'زيارات الرابط' },
  { key: 'started', label: 'طلبات بدأت' },
  { key: 'completed', label: 'نماذج اكتملت' },
  { key: 'signed', label: 'عقود وُقّعت' },
] as const;

// The card's three actions share a row on a phone, a third of it each: the words alone there,
// so none wraps; with their icons on a wider screen.
const ACTION = 'whitespace-nowrap text-sm';
const ACTION_ICON = 'hidden size-4 shrink-0 sm:block';

/**
 * The broker's own link (issue 17) on both dashboards, compact (issue 32): the link on one line,
 * ellipsised at its start so its code always shows; copy, share (the phone's share sheet where
 * the browser has one, else WhatsApp) and the QR code, which opens in a dialog and is only
 * fetched then, so nothing on the page moves when it arrives. What the link brought over the
 * last weeks (`LINK_FUNNEL_WEEKS`) is one tap away, folded. A new code on demand, after a confirmation.
 */
export function ReferralLinkCard() {
  const titleId = useId();
  const link = useReferralLink();
  const [confirming, setConfirming] = useState(false);
  const [showingQr, setShowingQr] = useState(false);
  const [funnelOpen, setFunnelOpen] = useState(false);
  const regenerate = useRegenerateLink({
    onSuccess: () => toast({ title: 'تم إنشاء رابط جديد، والرابط السابق لم يعد يعمل' }),
    onError: errorToast('خطأ', 'تعذر إنشاء رابط جديد'),
  });
  return (
    // The card's own box, a padding narrower than a Card's: the card stays short on a phone.
    <section
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={titleId}
    >
      <div className="flex items-center justify-between gap-2">
        <CardTitle id={titleId} className="text-base">
          {TITLE}
        </CardTitle>
        <Button
          variant="ghost"
          className="text-sm"
          disabled={regenerate.isPending || !link.data}
          onClick={() => setConfirming(true)}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          رابط جديد
        </Button>
      </div>
      {confirming ? (
        <LazyNewLinkDialog
          pending={regenerate.isPending}
          onConfirm={() => regenerate.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
      <QueryView
        query={link}
        // The same height as the link and its actions: nothing below moves when they arrive.
        loading={
          <>
            <Skeleton className="h-8" />
            <Skeleton className="h-11" />
          </>
        }
        quietOnError
      >
        {(data) => (
          <>
            {/*
              Right to left around a left-to-right link: a link too long for the line loses its
              start («…») and keeps its end, the code.
            */}
            <p className="truncate rounded-lg bg-slate-50 px-3 py-1.5 text-sm">
              <bdi dir="ltr" className="font-mono">
                {data.url}
              </bdi>
            </p>
            <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
              <Button
                variant="outline"
                className={ACTION}
                onClick={() => copyText(data.url, TITLE)}
              >
                <Copy aria-hidden="true" className={ACTION_ICON} />
                نسخ الرابط
              </Button>
              <a
                className={buttonClasses('outline', ACTION)}
                href={whatsappShare(data.shareText)}
                target="_blank"
                rel="noreferrer"
                onClick={(event) => share(event, data.shareText)}
              >
                <Share2 aria-hidden="true" className={ACTION_ICON} />
                مشاركة
              </a>
              <Button variant="outline" className={ACTION} onClick={() => setShowingQr(true)}>
                <QrCode aria-hidden="true" className={ACTION_ICON} />
                <span>
                  رمز{' '}
                  <bdi dir="ltr" lang="en">
                    QR
                  </bdi>
                </span>
              </Button>
            </div>
            {showingQr ? (
              <LazyQrDialog code={data.code} onClose={() => setShowingQr(false)} />
            ) : null}
          </>
        )}
      </QueryView>
      <details className="rounded-lg" onToggle={(event) => setFunnelOpen(event.currentTarget.open)}>
        <summary className="flex min-h-11 cursor-pointer items-center rounded-lg px-1 text-sm font-bold text-brand-800 hover:bg-slate-50">
          {FUNNEL_TITLE}
        </summary>
        {/* Read when unfolded: the dashboard's first load does not wait for it. */}
        {funnelOpen ? <Funnel /> : null}
      </details>
    </section>
  );
}

const whatsappShare = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * The phone's own share sheet where the browser offers one (WhatsApp, SMS, e-mail, …); the
 * link's WhatsApp address otherwise, which the anchor opens by itself.
 */
function share(event: MouseEvent<HTMLAnchorElement>, text: string): void {
  if (typeof navigator.share !== 'function') return;
  event.preventDefault();
  navigator.share({ text }).catch((error: unknown) => {
    // Closing the sheet is not a failure; anything else falls back to WhatsApp. The tap's
    // permission to open a window is spent by now (a pop-up would be blocked): go there instead.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    window.location.assign(whatsappShare(text));
  });
}

/** What the link brought over the last `LINK_FUNNEL_WEEKS` weeks; a sentence while it has brought nothing. */
function Funnel() {
  const funnel = useLinkFunnel();
  return (
    <QueryView query={funnel} loading={<Skeleton className="mt-2 h-20" />}>
      {(data) => {
        const sum = (key: (typeof STEPS)[number]['key']) =>
          data.weeks.reduce((total, week) => total + week[key], 0);
        const commissions = data.weeks.reduce(
          (total, week) => total + Math.round(Number(week.commissions) * 100),
          0,
        );
        if (STEPS.every((step) => sum(step.key) === 0) && commissions === 0) {
          return (
            <p className="mt-2 text-sm text-slate-700">
              لم يصل أحد من رابطك خلال هذه المدة. شاركه مع المستأجرين، وتظهر هنا زياراته والطلبات
              التي جاءت منه.
            </p>
          );
        }
        return (
          <section aria-label={FUNNEL_TITLE} className="mt-2">
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
  );
}
