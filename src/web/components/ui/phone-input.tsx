import { forwardRef, type InputHTMLAttributes } from 'react';
import { normalizeSaudiMobile, toLatinDigits } from '#domain';
import { cn } from '#lib/cn';
import { Input } from '#ui/input';

type PhoneInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'dir' | 'inputMode'> & {
  /** `search` for a search box of phones (a list's filter); a phone field otherwise. */
  type?: 'tel' | 'search';
};

/**
 * The one Saudi mobile number field: the phone keypad, written left to right and aligned at
 * the field's end in the right-to-left page, and every digit taken as typed (Arabic-Indic and
 * Persian too; the schema or the server reads any Saudi format). `autoComplete="tel"` where the
 * number is the user's own, `off` where it is someone else's.
 */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(
  ({ className, type = 'tel', ...props }, ref) => (
    <Input
      ref={ref}
      type={type}
      inputMode="tel"
      dir="ltr"
      className={cn('text-end', className)}
      {...props}
    />
  ),
);
PhoneInput.displayName = 'PhoneInput';

/** A typed number as sent: 05XXXXXXXX when it is a Saudi mobile, else as typed in Latin digits. */
export const typedPhone = (text: string) =>
  normalizeSaudiMobile(text) ?? toLatinDigits(text.trim());

/** The digits of a phone search (Arabic-Indic ones as Latin), nothing else. */
export const phoneDigits = (text: string) => toLatinDigits(text).replace(/\D/g, '');
