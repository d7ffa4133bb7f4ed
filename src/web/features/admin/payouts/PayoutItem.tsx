import { Download, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  formatDateTimeAr,
  formatIban,
  formatSar,
  type PayoutStatus,
  payoutStatusLabel,
} from '#domain';
import { Alert } from '#ui/alert';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { VatOnTop } from '../shared';
import { type AdminPayout, documentUrl } from './api';

const TONES: Record<PayoutStatus, BadgeTone> = {
  draft: 'neutral',
  approved: 'info',
  sent: 'warning',
  paid: 'success',
  failed: 'danger',
  rejected: 'neutral',
  cancelled: 'neutral',
};

/** Where a payout is in the work: a bank file has it once it is downloaded. */
type PayoutStep = 'toFile' | 'inFile' | 'sent' | 'done';

const payoutStep = (p: Pick<AdminPayout, 'status' | 'bankBatch'>): PayoutStep =>
  p.status === 'draft' || (p.status === 'approved' && !p.bankBatch)
    ? 'toFile'
    : p.status === 'approved'
      ? 'inFile'
      : p.status === 'sent'
        ? 'sent'
        : 'done';

/** What comes next for a payout at each step, said only while it is there. */
const NEXT: Partial<Record<PayoutStep, string>> = {
  toFile: 'تدخل ملف البنك التالي عند تنزيله',
  inFile: 'في ملف بنك نُزّل: تُعلَّم مُرسَلة بعد رفع الملف إلى البنك',
  sent: 'بانتظار تأكيد البنك: تُعلَّم مدفوعة، أو يُسجَّل فشلها إن أعادها',
};

/**
 * A reference as one left-to-right run: its parts never split, a line breaking only between
 * them (a token too long for a phone's line alone may break anywhere, rather than scroll).
 */
function Reference({ value }: { value: string }) {
  const tokens = value.split(/\s+/).filter(Boolean);
  return (
    <bdi dir="ltr" className="break-keep">
      {tokens.map((token, i) => (
        // The same token may repeat: its place is its key.
        // biome-ignore lint/suspicious/noArrayIndexKey: the tokens never reorder
        <span key={i}>
          {i > 0 ? ' ' : null}
          <span className={token.length > 24 ? '[overflow-wrap:anywhere]' : 'whitespace-nowrap'}>
            {token}
          </span>
        </span>
      ))}
    </bdi>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="shrink-0">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * One payout of the payouts card, top to bottom as the work reads it: what it is (amount,
 * broker, state), where it goes and the references it carries, the note of the step it is at
 * (only while it applies), and what can be done with it there: the bank file again, cancelling
 * one no bank has, recording that the bank returned it, or opening a paid one's document.
 */
export function PayoutItem({
  payout: p,
  choosable,
  chosen,
  onToggle,
  downloading,
  onBankFile,
  onFail,
  onCancel,
}: {
  payout: AdminPayout;
  /** Its state moves on in one action: a box chooses it. */
  choosable: boolean;
  chosen: boolean;
  onToggle: () => void;
  downloading: boolean;
  onBankFile: (batch: string) => void;
  onFail: () => void;
  onCancel: () => void;
}) {
  const step = payoutStep(p);
  const whose = p.brokerName || p.brokerPhone;
  const next = NEXT[step];
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm">
      {choosable ? (
        // The label is the 44 px target around the box.
        <Checkbox
          className="flex size-11 shrink-0 cursor-pointer items-center justify-center"
          boxClassName="size-5"
          aria-label={`اختيار دفعة ${formatSar(p.amount)} للوسيط ${whose}`}
          checked={chosen}
          onCheckedChange={onToggle}
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span>
            <strong className="whitespace-nowrap">{formatSar(p.amount)}</strong>
            <VatOnTop amount={p.amount} vatAmount={p.vatAmount} />
          </span>
          <span>{p.brokerName || <bdi dir="ltr">{p.brokerPhone}</bdi>}</span>
          <Badge tone={TONES[p.status]}>{payoutStatusLabel(p.status, 'payout')}</Badge>
          {p.source === 'bulk' ? <Badge tone="neutral">دفع المستحق</Badge> : null}
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-slate-700">
          <Detail label="الآيبان">
            <bdi dir="ltr" className="whitespace-nowrap font-mono text-xs">
              {formatIban(p.iban)}
            </bdi>
          </Detail>
          <Detail label="مرجع الدفعة">
            <Reference value={p.reference} />
          </Detail>
          {p.bankBatch ? (
            <Detail label="ملف البنك">
              <Reference value={p.bankBatch} />
            </Detail>
          ) : null}
          {p.transferReference ? (
            <Detail label="مرجع البنك">
              <Reference value={p.transferReference} />
            </Detail>
          ) : null}
        </dl>
        {next ? <p className="text-slate-700">{next}</p> : null}
        {/* What stops it, only while it could: a payout in a bank file is the bank's now. */}
        {step === 'toFile' && p.ibanHoldUntil ? (
          <Alert tone="warning">
            غيّر الوسيط الآيبان مؤخراً، فالدفعة موقوفة حتى {formatDateTimeAr(p.ibanHoldUntil)}
          </Alert>
        ) : null}
        {step === 'toFile' && p.signalHold ? (
          <Alert tone="warning">موقوفة بسبب تنبيه مفتوح على الوسيط</Alert>
        ) : null}
        {p.status === 'failed' && p.failureReason ? (
          <p className="text-red-800">سبب الفشل: {p.failureReason}</p>
        ) : null}
        {(p.status === 'cancelled' || p.status === 'rejected') && p.rejectionReason ? (
          <p>
            {p.status === 'cancelled' ? 'سبب الإلغاء' : 'سبب الرفض'}: {p.rejectionReason}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {p.status === 'paid' && p.documentId ? (
          <a
            href={documentUrl(p.documentId)}
            target="_blank"
            rel="noopener"
            aria-label={`المستند لدفعة ${formatSar(p.amount)} للوسيط ${whose}`}
            className={buttonClasses('outline')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            المستند
          </a>
        ) : null}
        {step === 'inFile' && p.bankBatch ? (
          <Button
            variant="outline"
            disabled={downloading}
            aria-label={`نسخة أخرى من ملف البنك ${p.bankBatch}`}
            onClick={() => p.bankBatch && onBankFile(p.bankBatch)}
          >
            <Download aria-hidden="true" className="size-4" />
            الملف مرة أخرى
          </Button>
        ) : null}
        {step === 'toFile' ? (
          <Button
            variant="outline"
            aria-label={`إلغاء دفعة ${formatSar(p.amount)} للوسيط ${whose}`}
            onClick={onCancel}
          >
            إلغاء الدفعة
          </Button>
        ) : null}
        {step === 'inFile' || step === 'sent' ? (
          <Button
            variant="outline"
            aria-label={`تسجيل فشل دفعة ${formatSar(p.amount)} للوسيط ${whose}`}
            onClick={onFail}
          >
            تسجيل فشل
          </Button>
        ) : null}
      </div>
    </li>
  );
}
