import { Download } from 'lucide-react';
import {
  formatDateTimeAr,
  formatIban,
  formatSar,
  type PayoutStatus,
  payoutStatusLabel,
} from '#domain';
import { Alert } from '#ui/alert';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import type { AdminPayout } from './api';

const TONES: Record<PayoutStatus, BadgeTone> = {
  draft: 'neutral',
  approved: 'info',
  sent: 'warning',
  paid: 'success',
  failed: 'danger',
  rejected: 'neutral',
};

/**
 * One payout of the payouts card: its amount, broker, state, references and holds; the box
 * that chooses it when its state moves on, the bank file again, and «تسجيل فشل».
 */
export function PayoutItem({
  payout: p,
  choosable,
  chosen,
  onToggle,
  downloading,
  onBankFile,
  onFail,
}: {
  payout: AdminPayout;
  /** Its state moves on in one action: a box chooses it. */
  choosable: boolean;
  chosen: boolean;
  onToggle: () => void;
  downloading: boolean;
  onBankFile: (batch: string) => void;
  onFail: () => void;
}) {
  const batch = p.bankBatch;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm">
      {choosable ? (
        // The label is the 44 px target around the box.
        <Checkbox
          className="flex size-11 shrink-0 cursor-pointer items-center justify-center"
          boxClassName="size-5"
          aria-label={`اختيار دفعة ${formatSar(p.amount)} للوسيط ${p.brokerName ?? p.brokerPhone}`}
          checked={chosen}
          onCheckedChange={onToggle}
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <strong>{formatSar(p.amount)}</strong>
          <span>{p.brokerName || <bdi dir="ltr">{p.brokerPhone}</bdi>}</span>
          <Badge tone={TONES[p.status]}>{payoutStatusLabel(p.status)}</Badge>
          {p.source === 'bulk' ? <Badge tone="neutral">دفع المستحق</Badge> : null}
        </div>
        <p className="break-all text-slate-700">
          <bdi dir="ltr" className="font-mono text-xs">
            {formatIban(p.iban)}
          </bdi>{' '}
          · المرجع <bdi dir="ltr">{p.reference}</bdi>
          {p.bankBatch ? (
            <>
              {' '}
              · ملف البنك <bdi dir="ltr">{p.bankBatch}</bdi>
            </>
          ) : null}
          {p.transferReference ? (
            <>
              {' '}
              · مرجع البنك <bdi dir="ltr">{p.transferReference}</bdi>
            </>
          ) : null}
        </p>
        {p.ibanHoldUntil ? (
          <Alert tone="warning">
            غيّر الوسيط الآيبان مؤخراً، فالدفعة موقوفة حتى {formatDateTimeAr(p.ibanHoldUntil)}
          </Alert>
        ) : null}
        {p.signalHold ? <Alert tone="warning">موقوفة بسبب تنبيه مفتوح على الوسيط</Alert> : null}
        {p.failureReason ? <p className="text-red-800">سبب الفشل: {p.failureReason}</p> : null}
      </div>
      {p.status === 'approved' && batch ? (
        <Button
          variant="outline"
          disabled={downloading}
          aria-label={`تنزيل ملف البنك ${batch} مرة أخرى`}
          onClick={() => onBankFile(batch)}
        >
          <Download aria-hidden="true" className="size-4" />
          الملف مرة أخرى
        </Button>
      ) : null}
      {p.status === 'approved' || p.status === 'sent' ? (
        <Button
          variant="outline"
          aria-label={`تسجيل فشل دفعة ${formatSar(p.amount)} للوسيط ${p.brokerName ?? p.brokerPhone}`}
          onClick={onFail}
        >
          تسجيل فشل
        </Button>
      ) : null}
    </li>
  );
}
