import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { signalListQuery } from '#contract/admin/signals';
import {
  formatDateTimeAr,
  formatNumberAr,
  NOUNS,
  SIGNAL_STATUSES,
  type SignalStatus,
  signalKindLabel,
  signalStatusLabel,
} from '#domain';
import { useSession } from '#lib/session';
import { useListParams } from '#lib/use-list-params';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { ListTotal, PagedList } from '#ui/paged-list';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { ReasonDialog } from '../shared';
import { type FraudSignal, type SignalDecision, signalsQuery, useCloseSignal } from './api';

const FILTERS = [
  ...SIGNAL_STATUSES.map((status) => ({ value: status, label: signalStatusLabel(status) })),
  { value: 'all', label: 'جميع التنبيهات' },
];
const TONES: Record<SignalStatus, BadgeTone> = {
  open: 'danger',
  resolved: 'success',
  dismissed: 'neutral',
};
const SCOPES: Record<FraudSignal['scope'], string> = {
  referral: 'عمولة هذه الإحالة موقوفة حتى المعالجة',
  broker: 'جميع مبالغ الوسيط ودفعاته موقوفة حتى المعالجة',
  none: 'لا يوقف أي مبلغ',
};
const DECISIONS = {
  resolve: { title: 'معالجة التنبيه', confirm: 'تأكيد المعالجة', done: 'تمت معالجة التنبيه' },
  dismiss: { title: 'تجاهل التنبيه', confirm: 'تأكيد التجاهل', done: 'تم تجاهل التنبيه' },
} as const;

function SignalCard({
  signal,
  own,
  onDecide,
}: {
  signal: FraudSignal;
  /** On the admin's own account: the server refuses their decision, so none is offered. */
  own: boolean;
  onDecide: (decision: SignalDecision['decision']) => void;
}) {
  return (
    <li>
      <Card className="space-y-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-bold">{signalKindLabel(signal.kind)}</span>
          <Badge tone={TONES[signal.status]}>{signalStatusLabel(signal.status)}</Badge>
        </div>
        <p className="text-sm">{signal.reason}</p>
        <p className="flex flex-wrap gap-x-3 text-sm">
          <span>الوسيط: {signal.brokerName || '—'}</span>
          <bdi dir="ltr">{signal.brokerCode}</bdi>
          <bdi dir="ltr">{signal.brokerPhone}</bdi>
        </p>
        {signal.referralNumber !== null ? (
          <p className="text-sm">الإحالة رقم {formatNumberAr(signal.referralNumber)}</p>
        ) : null}
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
          <span>{formatDateTimeAr(signal.createdAt)}</span>
          {signal.status === 'open' ? <span>{SCOPES[signal.scope]}</span> : null}
        </p>
        {signal.note ? <p className="text-sm">الملاحظة: {signal.note}</p> : null}
        {signal.status === 'open' && own ? (
          <p className="text-sm text-slate-700">تنبيه على حسابك: يقرّر فيه مشرف آخر</p>
        ) : signal.status === 'open' ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => onDecide('resolve')}>معالجة</Button>
            <Button variant="outline" onClick={() => onDecide('dismiss')}>
              تجاهل
            </Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/**
 * Signals tab: what the product noticed (a tenant who is the broker, a tenant several brokers
 * referred, an unusual rent, a burst of referrals), newest first, the open ones unless asked; each resolved or dismissed with a note, which releases the money it held.
 */
export function AdminSignalsTab() {
  const { profile } = useSession();
  const { values, set } = useListParams(signalListQuery, 'signals');
  const { status, page } = values;
  const [deciding, setDeciding] = useState<Omit<SignalDecision, 'note'> | null>(null);
  const [note, setNote] = useState('');
  const list = useQuery(signalsQuery({ status, page }));
  const close = useCloseSignal({
    onSuccess: (_, { decision }) => {
      toast({ title: DECISIONS[decision].done });
      setDeciding(null);
      setNote('');
    },
    onError: errorToast('تعذر حفظ القرار', 'يرجى المحاولة مرة أخرى'),
  });
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <Select
          aria-label="تصفية التنبيهات"
          value={status}
          onValueChange={(value) => set({ status: value as typeof status })}
          options={FILTERS}
        />
      </div>
      <ListTotal of={list.data} noun={NOUNS.signal} />
      <PagedList
        query={list}
        empty="لا توجد تنبيهات مطابقة"
        errorFallback="تعذر تحميل التنبيهات"
        pages={{ label: 'صفحات التنبيهات', page, onPage: (next) => set({ page: next }) }}
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.items.map((signal) => (
              <SignalCard
                key={signal.id}
                signal={signal}
                own={signal.brokerId === profile?.id}
                onDecide={(decision) => setDeciding({ id: signal.id, decision })}
              />
            ))}
          </ul>
        )}
      </PagedList>
      {deciding ? (
        <ReasonDialog
          title={DECISIONS[deciding.decision].title}
          label="الملاحظة"
          confirmLabel={DECISIONS[deciding.decision].confirm}
          reason={note}
          onReasonChange={setNote}
          pending={close.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={() => close.mutate({ ...deciding, note })}
        />
      ) : null}
    </div>
  );
}
