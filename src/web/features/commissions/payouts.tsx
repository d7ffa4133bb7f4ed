import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateAr, formatSar, type PayoutStatus, payoutStatusLabel } from '#domain';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Dialog } from '#ui/dialog';
import { Skeleton } from '#ui/feedback';
import { VatOnTop } from '#ui/money-with-vat';
import { QueryView } from '#ui/query-view';
import { myOfficeQuery } from '../office';
import { ProgramTermsGate } from '../program-terms';
import { documentUrl, useBankAccount, usePayouts } from './api';
import { MaskedIban } from './masked-iban';
import { PayoutRequestForm } from './PayoutRequestForm';

// The broker's transfer requests, asked for and listed the same way on the desktop page and
// in the phone app: the desktop shows the form in a card, the phone behind one button.

const REQUEST_TITLE = 'طلب تحويل العمولة';

/**
 * The form, once the IBAN on the profile is known (the first request asks the password) and the
 * program terms in force are accepted (decision 076).
 */
function PayoutRequest({ available, onSent }: { available: number; onSent?: () => void }) {
  const account = useBankAccount();
  // Paid to the office's IBAN while the broker's office chose so (decision 080).
  const membership = useQuery(myOfficeQuery());
  if (account.isPending || membership.isPending) return <Skeleton className="h-40" />;
  const office = membership.data?.office?.payoutTo === 'office' ? membership.data.office : null;
  return (
    <ProgramTermsGate purpose="payout">
      <PayoutRequestForm
        key={office?.iban ?? account.data?.iban ?? 'none'}
        available={available}
        iban={office?.iban ?? account.data?.iban ?? null}
        office={office?.name ?? null}
        {...(onSent ? { onSent } : {})}
      />
    </ProgramTermsGate>
  );
}

/** The desktop's card: the form in place. */
export function PayoutRequestCard({ available }: { available: number }) {
  return (
    <Card>
      <CardTitle className="mb-3">{REQUEST_TITLE}</CardTitle>
      <PayoutRequest available={available} />
    </Card>
  );
}

/**
 * The phone's: one button under the money tiles that opens the same form in a dialog, which
 * closes once the request is sent. With nothing to request, the button says why.
 */
export function PayoutRequestButton({ available }: { available: number }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const nothing = available <= 0;
  return (
    <div className="space-y-1">
      <Button
        className="w-full"
        disabled={nothing}
        aria-describedby={nothing ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        <Send aria-hidden="true" className="size-4" />
        {REQUEST_TITLE}
      </Button>
      {nothing ? (
        <p id={reasonId} className="text-center text-sm text-slate-700">
          لا يوجد مبلغ متاح للتحويل الآن.
        </p>
      ) : null}
      {open ? (
        <Dialog open onOpenChange={setOpen} title={REQUEST_TITLE}>
          <PayoutRequest available={available} onSent={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * The tone of a request's state, its words those of a «طلب تحويل» (`payoutStatusLabel`): one
 * the team withdrew before the bank had it is cancelled, its money payable again.
 */
const REQUEST_TONE: Record<PayoutStatus, 'success' | 'danger' | 'info' | 'neutral'> = {
  draft: 'info',
  approved: 'info',
  sent: 'info',
  paid: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
};

// The transfer requests' empty state, also shown while they load.
const NO_REQUESTS = <p className="text-sm text-slate-700">لم ترسل أي طلب تحويل بعد.</p>;

/**
 * The broker's transfer requests, newest first: the amount and its state on one line, the
 * masked IBAN and the day under them, so a row fits a phone.
 */
export function PayoutList() {
  const requests = usePayouts();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId} className="mb-3">
        طلبات التحويل
      </CardTitle>
      <QueryView
        query={requests}
        loading={NO_REQUESTS}
        isEmpty={(data) => data.length === 0}
        empty={NO_REQUESTS}
      >
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.map((r) => (
              <li key={r.id} className="space-y-1 py-2 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold">{formatSar(r.amount)}</span>
                  <Badge tone={REQUEST_TONE[r.status]}>
                    {payoutStatusLabel(r.status, 'request')}
                  </Badge>
                </div>
                <VatOnTop amount={r.amount} vatAmount={r.vatAmount} className="block" />
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
                  <MaskedIban iban={r.iban} />
                  <span>{formatDateAr(r.createdAt)}</span>
                </div>
                {r.documentId ? (
                  <a
                    href={documentUrl(r.documentId)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
                  >
                    مستند الدفعة
                  </a>
                ) : null}
                {r.failureReason ? (
                  <p className="text-red-800">سبب الفشل: {r.failureReason}</p>
                ) : null}
                {r.rejectionReason && (r.status === 'rejected' || r.status === 'cancelled') ? (
                  <p className="text-slate-800">
                    {r.status === 'rejected' ? 'سبب الرفض' : 'سبب الإلغاء'}: {r.rejectionReason}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
