import { commissionStatusLabel, formatDateAr, formatSar } from '#domain';
import { Badge } from '#ui/badge';
import type { AdminCommission } from './api';

export function CommissionStatusBadge({ commission: c }: { commission: AdminCommission }) {
  return (
    <Badge tone={c.status === 'paid' ? 'success' : c.status === 'reversed' ? 'neutral' : 'warning'}>
      {commissionStatusLabel(c.status)}
    </Badge>
  );
}

/**
 * What a commission's state means for its money: part paid, requested, reversed, held (by an
 * open signal, by the broker's unverified FAL licence, or in the holding period).
 */
export function CommissionNotes({ commission: c }: { commission: AdminCommission }) {
  return (
    <>
      {c.status !== 'paid' && Number(c.paidAmount) > 0 ? (
        <p className="text-sm text-slate-700">دُفع منها {formatSar(c.paidAmount)} عبر طلب تحويل</p>
      ) : null}
      {c.status === 'requested' ? (
        <p className="text-sm text-amber-900">
          محجوزة لطلب تحويل مفتوح، تُعالَج من طلبات التحويل أعلاه.
        </p>
      ) : null}
      {c.status === 'reversed' ? (
        <p className="text-sm text-slate-700">
          أُلغيت: {c.reversalReason}
          {Number(c.paidAmount) > Number(c.recoveredAmount)
            ? `، ويُخصم ${formatSar(Number(c.paidAmount) - Number(c.recoveredAmount))} من دفعته القادمة`
            : null}
        </p>
      ) : null}
      {c.signalHold && c.status === 'on_hold' ? (
        <p className="text-sm text-red-800">موقوفة بسبب تنبيه مفتوح في تبويب التنبيهات</p>
      ) : null}
      {c.licenseHold && c.status === 'on_hold' ? (
        <p className="text-sm text-red-800">موقوفة: رخصة فال غير موثقة</p>
      ) : null}
      {c.status === 'on_hold' && !c.signalHold && !c.licenseHold ? (
        <p className="text-sm text-slate-700">
          في فترة الانتظار، تصبح قابلة للدفع في {formatDateAr(c.payableAt)}
        </p>
      ) : null}
    </>
  );
}
