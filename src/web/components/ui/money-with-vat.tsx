import { formatSar, grossOf, toCents } from '#domain';

// A commission's or a payout's money with the VAT paid on top (decision 071).

/** The VAT on top of a net amount and the gross; null when no VAT is paid. */
function vatOnTop(amount: string, vatAmount: string): { vat: string; gross: string } | null {
  return toCents(vatAmount) === 0 ? null : { vat: vatAmount, gross: grossOf(amount, vatAmount) };
}

/**
 * The money in a sentence: «١٬٠٠٠ ر.س + ضريبة ١٥٠ ر.س = ١٬١٥٠ ر.س» when VAT is paid on top,
 * the amount alone otherwise.
 */
export function withVat(amount: string, vatAmount: string): string {
  const onTop = vatOnTop(amount, vatAmount);
  return onTop
    ? `${formatSar(amount)} + ضريبة ${formatSar(onTop.vat)} = ${formatSar(onTop.gross)}`
    : formatSar(amount);
}

/**
 * What follows a net amount shown on its own when VAT is paid on top: « + ضريبة ١٥٠ ر.س =
 * ١٬١٥٠ ر.س», each sum kept on one line; nothing without VAT.
 */
export function VatOnTop({
  amount,
  vatAmount,
  className,
}: {
  amount: string;
  vatAmount: string;
  className?: string;
}) {
  const onTop = vatOnTop(amount, vatAmount);
  if (!onTop) return null;
  return (
    <>
      {' '}
      <span className={className}>
        + ضريبة <span className="whitespace-nowrap">{formatSar(onTop.vat)}</span> ={' '}
        <span className="whitespace-nowrap">{formatSar(onTop.gross)}</span>
      </span>
    </>
  );
}
