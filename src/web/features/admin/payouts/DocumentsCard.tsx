import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  documentMonthSchema,
  formatDateAr,
  formatMonthAr,
  formatSar,
  type PaymentDocumentKind,
  paymentDocumentLabel,
  riyadhIsoDate,
} from '#domain';
import '#lib/validation';
import { downloadFile } from '#lib/download';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { errorToast } from '#ui/toast';
import {
  documentsExportUrl,
  documentsQuery,
  documentUrl,
  documentXmlUrl,
  type PaymentDocument,
} from './api';

const TONES: Record<PaymentDocumentKind, BadgeTone> = {
  tax_invoice: 'info',
  payment_statement: 'neutral',
};

function Amount({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{children}</dd>
    </div>
  );
}

/** One document of the month: its number and kind, whose it is, when, its sums, and its files. */
function DocumentItem({ document: d }: { document: PaymentDocument }) {
  // The links are named in Arabic and described by the document's number.
  const numberId = useId();
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <bdi id={numberId} dir="ltr" className="font-bold [overflow-wrap:anywhere]">
            {d.number}
          </bdi>
          <Badge tone={TONES[d.kind]}>{paymentDocumentLabel(d.kind)}</Badge>
        </div>
        <p className="flex flex-wrap gap-x-4">
          <span>{d.brokerName}</span>
          <span className="text-slate-700">{formatDateAr(d.issuedAt)}</span>
        </p>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-slate-700">
          <Amount label="المبلغ قبل الضريبة">{formatSar(d.net)}</Amount>
          <Amount label="الضريبة">{formatSar(d.vatAmount)}</Amount>
          <Amount label="الإجمالي">
            <strong className="text-slate-900">{formatSar(d.gross)}</strong>
          </Amount>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={documentUrl(d.id)}
          target="_blank"
          rel="noopener"
          aria-describedby={numberId}
          className={buttonClasses('outline')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          عرض
        </a>
        {d.hasXml ? (
          <a
            href={documentXmlUrl(d.id)}
            download
            aria-describedby={numberId}
            className={buttonClasses('outline')}
          >
            <Download aria-hidden="true" className="size-4" />
            الفاتورة الإلكترونية
          </a>
        ) : null}
      </div>
    </li>
  );
}

/**
 * «مستندات الدفع» (decision 071): a Riyadh month's payment documents, the self-billed tax
 * invoices and the payment statements, newest first, each opened as its printable page (and
 * the invoice's XML downloaded); the whole month downloaded at once for the accountant.
 */
export function DocumentsCard() {
  const titleId = useId();
  const [month, setMonth] = useState(() => riyadhIsoDate(new Date()).slice(0, 7));
  const [downloading, setDownloading] = useState(false);
  // The list is read when asked for: the tab is the team's daily work, the documents the
  // accountant's monthly one.
  const [shown, setShown] = useState(false);
  // A browser without a month picker takes typed text: only a valid month is asked for.
  const checked = documentMonthSchema.safeParse(month);
  const chosen = checked.success ? checked.data : null;
  const documents = useQuery({
    ...documentsQuery(chosen ?? ''),
    enabled: shown && chosen !== null,
  });

  async function downloadMonth(of: string) {
    setDownloading(true);
    try {
      await downloadFile(documentsExportUrl(of), `documents_${of}.zip`);
    } catch (error) {
      errorToast('خطأ', 'فشل في تنزيل مستندات الشهر')(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="space-y-4" role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId}>مستندات الدفع</CardTitle>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <FormField label="الشهر" error={checked.error?.issues[0]?.message}>
            {(control) => (
              <Input
                {...control}
                type="month"
                required
                value={month}
                onChange={(event) => setMonth(event.target.value)}
              />
            )}
          </FormField>
        </div>
        {chosen ? (
          <>
            <Button variant="outline" aria-expanded={shown} onClick={() => setShown(!shown)}>
              {shown ? 'إخفاء المستندات' : 'عرض مستندات الشهر'}
            </Button>
            <Button variant="outline" disabled={downloading} onClick={() => downloadMonth(chosen)}>
              <Download aria-hidden="true" className="size-4" />
              تنزيل مستندات الشهر
            </Button>
          </>
        ) : null}
      </div>
      {shown && chosen ? (
        <QueryView
          query={documents}
          loading={<Skeleton className="h-40" />}
          isEmpty={(data) => data.length === 0}
          empty={<p className="text-sm text-slate-700">لا توجد مستندات في هذا الشهر</p>}
        >
          {(data) => (
            <ul
              className="divide-y divide-slate-100"
              aria-label={`مستندات الدفع لشهر ${formatMonthAr(chosen)}`}
            >
              {data.map((d) => (
                <DocumentItem key={d.id} document={d} />
              ))}
            </ul>
          )}
        </QueryView>
      ) : null}
    </Card>
  );
}
