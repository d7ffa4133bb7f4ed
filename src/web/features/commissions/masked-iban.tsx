/**
 * An IBAN in a list: the country letters and the last four digits, the rest hidden
 * (`SA•• •••• •••• 1234`), left to right; screen readers hear the last four digits only.
 * The full IBAN is shown only in the field where the broker types it.
 */
export function MaskedIban({ iban }: { iban: string }) {
  const last4 = iban.slice(-4);
  return (
    <span>
      <bdi dir="ltr" aria-hidden="true" className="font-mono text-xs">
        {`${iban.slice(0, 2)}•• •••• •••• ${last4}`}
      </bdi>
      <span className="sr-only">
        الآيبان المنتهي بـ <bdi dir="ltr">{last4}</bdi>
      </span>
    </span>
  );
}
