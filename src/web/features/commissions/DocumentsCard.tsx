import { useId } from 'react';
import { formatDateAr, formatSar, paymentDocumentLabel } from '#domain';
import { Card, CardTitle } from '#ui/card';
import { QueryView } from '#ui/query-view';
import { documentUrl, documentXmlUrl, usePaymentDocuments } from './api';

const NONE = (
  <p className="text-sm text-slate-700">
    يصدر مع كل دفعة مستند: فاتورة ضريبية ذاتية إن كنت مسجّلاً في الضريبة، أو إشعار دفع.
  </p>
);

const linkClass = 'inline-flex min-h-11 items-center font-medium text-brand-800 underline';

/**
 * «مستندات الدفع» (decision 071): each payment's document, newest first, to print or save as
 * a PDF; a tax invoice's e-invoice (UBL XML) beside it.
 */
export function DocumentsCard() {
  const documents = usePaymentDocuments();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId} className="mb-3">
        مستندات الدفع
      </CardTitle>
      <QueryView
        query={documents}
        loading={NONE}
        isEmpty={(data) => data.length === 0}
        empty={NONE}
      >
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.map((d) => (
              <li key={d.id} className="space-y-1 py-2 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold">{paymentDocumentLabel(d.kind)}</span>
                  <bdi dir="ltr">{d.number}</bdi>
                </div>
                <p className="text-slate-700">
                  {formatDateAr(d.issuedAt)}، المدفوع {formatSar(d.gross)}
                  {Number(d.vatAmount) > 0
                    ? ` منها ضريبة القيمة المضافة ${formatSar(d.vatAmount)}`
                    : null}
                </p>
                <div className="flex flex-wrap gap-x-4">
                  <a
                    href={documentUrl(d.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkClass}
                  >
                    عرض وطباعة
                  </a>
                  {d.hasXml ? (
                    <a href={documentXmlUrl(d.id)} download className={linkClass}>
                      تنزيل الفاتورة الإلكترونية
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
