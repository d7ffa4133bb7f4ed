import { useState } from 'react';
import { errorToast, toast } from '#ui/toast';
import { ltr, ReasonDialog, withVat } from '../shared';
import { type AdminPayout, useCancelPayout } from './api';

/** Where a cancelled payout's money goes: payable again, or held while a signal is open. */
const moneyGoes = (p: AdminPayout) =>
  p.signalHold
    ? 'ويعود مبلغها إلى رصيده موقوفاً ما دام التنبيه المفتوح على حسابه'
    : 'ويعود مبلغها إلى رصيده المتاح للتحويل';

/**
 * «إلغاء الدفعة» for a payout no bank has been given (a draft, or approved in no bank file):
 * `ask` opens the dialog (render `dialog`), which says what cancelling does and asks for the
 * reason the broker reads. Closed either way, the typed reason is cleared.
 */
export function useCancelDialog() {
  const [payout, setPayout] = useState<AdminPayout | null>(null);
  const [reason, setReason] = useState('');
  const close = () => {
    setPayout(null);
    setReason('');
  };
  const cancel = useCancelPayout({
    onSuccess: ({ changed }) => {
      toast({
        title: changed
          ? 'أُلغيت الدفعة وعاد المبلغ إلى رصيد الوسيط'
          : 'كانت هذه الدفعة ملغاة من قبل، فلم يتغير شيء',
      });
      close();
    },
    onError: errorToast('خطأ', 'فشل في إلغاء الدفعة'),
  });
  return {
    ask: setPayout,
    dialog: payout ? (
      <ReasonDialog
        title="إلغاء الدفعة"
        description={`تُلغى دفعة ${withVat(payout.amount, payout.vatAmount)} للوسيط ${payout.brokerName || ltr(payout.brokerPhone)} قبل أن تصل إلى أي بنك، ${moneyGoes(payout)}، ويُبلَّغ بالسبب. لا يمكن التراجع عن الإلغاء.`}
        label="سبب الإلغاء كما سيقرؤه الوسيط"
        confirmLabel="تأكيد إلغاء الدفعة"
        reason={reason}
        onReasonChange={setReason}
        pending={cancel.isPending}
        onClose={close}
        onConfirm={() => cancel.mutate({ id: payout.id, reason })}
      />
    ) : null,
  };
}
