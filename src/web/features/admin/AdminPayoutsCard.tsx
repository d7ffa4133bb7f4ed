import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import {
  arabicCount,
  formatDateTimeAr,
  formatIban,
  formatNumberAr,
  formatSar,
  inGenitive,
  NOUNS,
  PAYOUT_STATUSES,
  type PayoutStatus,
  payoutStatusLabel,
} from '#domain';
import { downloadFile } from '#lib/download';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import {
  type AdminPayout,
  BANK_FILE_URL,
  bankFileAgainUrl,
  type PayoutMarked,
  type PayoutMarking,
  payoutsQuery,
  useFailPayout,
  useMarkPayouts,
  usePayDue,
} from './api';
import { ReasonDialog } from './ReasonDialog';

// Drafts are the open transfer requests, approved from their own card.
const STATUS_OPTIONS = PAYOUT_STATUSES.filter((status) => status !== 'draft').map((status) => ({
  value: status,
  label: payoutStatusLabel(status),
}));

/** What the chosen payouts of each state move to, and the button that moves them. */
const NEXT: Partial<Record<PayoutStatus, { to: PayoutMarking['status']; label: string }>> = {
  approved: { to: 'sent', label: 'تعليم المحدد كمُرسَل' },
  sent: { to: 'paid', label: 'تعليم المحدد كمدفوع' },
};

const TONES: Record<PayoutStatus, 'info' | 'warning' | 'success' | 'danger' | 'neutral'> = {
  draft: 'neutral',
  approved: 'info',
  sent: 'warning',
  paid: 'success',
  failed: 'danger',
  rejected: 'neutral',
};

const PAYOUTS_GENITIVE = inGenitive(NOUNS.payout);

/** The result of a batch, said in one toast: how many moved, and each refusal's reason. */
export function announce(result: PayoutMarked) {
  const refused = result.refused.map((r) => r.message);
  toast({
    title:
      result.changed > 0
        ? `تمت معالجة ${arabicCount(result.changed, PAYOUTS_GENITIVE)}`
        : 'لم تتغير أي دفعة',
    ...(refused.length > 0
      ? {
          description: `تعذّرت معالجة ${arabicCount(refused.length, PAYOUTS_GENITIVE)}: ${[...new Set(refused)].join('؛ ')}`,
          variant: 'destructive' as const,
        }
      : {}),
  });
}

/**
 * The payouts (issue 16 item 2): «دفع كل المستحق» (its drafts join the open transfer
 * requests), the payouts of one later state with a choice of rows, the bank file of the
 * approved ones, and moving the chosen ones on in one action.
 */
export function AdminPayoutsCard() {
  const titleId = useId();
  const [status, setStatus] = useState<PayoutStatus>('approved');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState('');
  const [failing, setFailing] = useState<AdminPayout | null>(null);
  const [reason, setReason] = useState('');
  const [downloading, setDownloading] = useState(false);
  const payouts = useQuery(payoutsQuery(status, page));
  const clear = () => setChosen(new Set());
  const mark = useMarkPayouts({
    onSuccess: (result) => {
      announce(result);
      clear();
    },
    onError: errorToast('خطأ', 'فشل في معالجة الدفعات'),
  });
  const payDue = usePayDue({
    onSuccess: (run) => {
      const skipped =
        run.skipped.noIban + run.skipped.ibanHold + run.skipped.signal + run.skipped.ownMoney;
      toast({
        title:
          run.created > 0
            ? `أُنشئت ${arabicCount(run.created, NOUNS.payout)} بمبلغ ${formatSar(run.amount)}`
            : skipped > 0
              ? 'لم تُنشأ أي دفعة'
              : 'لا توجد مبالغ مستحقة تبلغ الحد الأدنى',
        // The new drafts wait in «طلبات التحويل المفتوحة» for approval.
        ...(skipped > 0
          ? {
              description: `لم تُنشأ دفعة لعدد ${formatNumberAr(skipped)} من الوسطاء: بلا آيبان ${formatNumberAr(run.skipped.noIban)}، آيبان غُيّر مؤخراً ${formatNumberAr(run.skipped.ibanHold)}، تنبيه مفتوح ${formatNumberAr(run.skipped.signal)}، حسابك أو حساب يشاركك الجوال أو الآيبان ${formatNumberAr(run.skipped.ownMoney)}.`,
            }
          : {}),
      });
    },
    onError: errorToast('خطأ', 'فشل في إنشاء الدفعات'),
  });
  const fail = useFailPayout({
    onSuccess: () => toast({ title: 'سُجّل فشل التحويل وعاد المبلغ إلى رصيد الوسيط' }),
    onError: errorToast('خطأ', 'فشل في تسجيل فشل التحويل'),
  });
  const next = NEXT[status];
  const items = payouts.data?.items ?? [];
  const allChosen = items.length > 0 && items.every((p) => chosen.has(p.id));
  const toggle = (id: string) =>
    setChosen((before) => {
      const after = new Set(before);
      if (after.has(id)) after.delete(id);
      else after.add(id);
      return after;
    });
  const move = (transferReference?: string) => {
    if (!next) return;
    mark.mutate({ ids: [...chosen], status: next.to, transferReference });
  };
  async function bankFile(batch?: string) {
    setDownloading(true);
    try {
      await (batch
        ? downloadFile(bankFileAgainUrl(batch), 'bank_transfers.csv')
        : downloadFile(BANK_FILE_URL, 'bank_transfers.csv', 'POST'));
    } catch (error) {
      errorToast('خطأ', 'فشل في تنزيل ملف البنك')(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="space-y-4" role="region" aria-labelledby={titleId}>
      {sending ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setSending(false)}
          title="تعليم الدفعات كمُرسَلة"
          description={`ستُسجَّل ${arabicCount(chosen.size, NOUNS.payout)} مُرسَلة إلى البنك بمرجع التحويل الذي أعطاه البنك.`}
        >
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              move(reference.trim());
              setSending(false);
              setReference('');
            }}
          >
            <FormField label="مرجع التحويل من البنك">
              {(control) => (
                <Input
                  {...control}
                  dir="ltr"
                  required
                  maxLength={100}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" disabled={reference.trim() === ''}>
              تأكيد الإرسال
            </Button>
          </form>
        </Dialog>
      ) : null}
      {failing ? (
        <ReasonDialog
          title="تسجيل فشل التحويل"
          label="سبب الفشل كما ذكره البنك"
          confirmLabel="تأكيد فشل التحويل"
          reason={reason}
          onReasonChange={setReason}
          pending={fail.isPending}
          onClose={() => setFailing(null)}
          onConfirm={() => {
            fail.mutate({ id: failing.id, reason });
            setFailing(null);
            setReason('');
          }}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={titleId}>الدفعات</CardTitle>
        <Button disabled={payDue.isPending} onClick={() => payDue.mutate()}>
          دفع كل المستحق
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <Select
            aria-label="حالة الدفعات"
            value={status}
            onValueChange={(value) => {
              setStatus(value as PayoutStatus);
              setPage(1);
              clear();
            }}
            options={STATUS_OPTIONS}
          />
        </div>
        {status === 'approved' ? (
          <Button variant="outline" disabled={downloading} onClick={() => bankFile()}>
            <Download aria-hidden="true" className="size-4" />
            تنزيل ملف البنك
          </Button>
        ) : null}
        {next ? (
          <Button
            disabled={chosen.size === 0 || mark.isPending}
            onClick={() => (next.to === 'sent' ? setSending(true) : move())}
          >
            {next.label}
            {chosen.size > 0 ? ` (${arabicCount(chosen.size, NOUNS.payout)})` : ''}
          </Button>
        ) : null}
      </div>
      <QueryView
        query={payouts}
        loading={<p className="text-sm text-slate-700">جارٍ التحميل…</p>}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">لا توجد دفعات بهذه الحالة.</p>}
      >
        {(data) => (
          <div className="space-y-2">
            {next ? (
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 shrink-0"
                  checked={allChosen}
                  onChange={() =>
                    setChosen(allChosen ? new Set() : new Set(data.items.map((p) => p.id)))
                  }
                />
                اختيار الكل في هذه الصفحة
              </label>
            ) : null}
            <ul className="divide-y divide-slate-100" aria-label="الدفعات">
              {data.items.map((p) => (
                <li key={p.id} className="flex flex-wrap items-start gap-3 py-3 text-sm">
                  {next ? (
                    // The label is the 44 px target around the box.
                    <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center">
                      <input
                        type="checkbox"
                        className="size-5"
                        aria-label={`اختيار دفعة ${formatSar(p.amount)} للوسيط ${p.brokerName ?? p.brokerPhone}`}
                        checked={chosen.has(p.id)}
                        onChange={() => toggle(p.id)}
                      />
                    </label>
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
                        غيّر الوسيط الآيبان مؤخراً، فالدفعة موقوفة حتى{' '}
                        {formatDateTimeAr(p.ibanHoldUntil)}
                      </Alert>
                    ) : null}
                    {p.signalHold ? (
                      <Alert tone="warning">موقوفة بسبب تنبيه مفتوح على الوسيط</Alert>
                    ) : null}
                    {p.failureReason ? (
                      <p className="text-red-800">سبب الفشل: {p.failureReason}</p>
                    ) : null}
                  </div>
                  {p.status === 'approved' && p.bankBatch ? (
                    <Button
                      variant="outline"
                      disabled={downloading}
                      aria-label={`تنزيل ملف البنك ${p.bankBatch} مرة أخرى`}
                      onClick={() => bankFile(p.bankBatch ?? undefined)}
                    >
                      <Download aria-hidden="true" className="size-4" />
                      الملف مرة أخرى
                    </Button>
                  ) : null}
                  {p.status === 'approved' || p.status === 'sent' ? (
                    <Button
                      variant="outline"
                      aria-label={`تسجيل فشل دفعة ${formatSar(p.amount)} للوسيط ${p.brokerName ?? p.brokerPhone}`}
                      onClick={() => setFailing(p)}
                    >
                      تسجيل فشل
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryView>
      <Pagination label="صفحات الدفعات" page={page} of={payouts.data} onPage={setPage} />
    </Card>
  );
}
