import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '#lib/cn';

const fieldClasses =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => (
    <input ref={ref} className={cn(fieldClasses, className)} {...props} />
  ),
);
Input.displayName = 'Input';

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(({ className, ...props }, ref) => (
  <textarea ref={ref} className={cn(fieldClasses, 'min-h-24', className)} {...props} />
));
Textarea.displayName = 'Textarea';

/**
 * A list's search box. `by` says what it searches by («بالجوال أو …»): the box is labelled
 * «البحث …» and shows «ابحث …» until something is typed.
 */
export function SearchInput({
  by,
  value,
  onSearch,
}: {
  by: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  return (
    <Input
      type="search"
      aria-label={`البحث ${by}`}
      placeholder={`ابحث ${by}`}
      value={value}
      onChange={(e) => onSearch(e.target.value)}
    />
  );
}

type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/**
 * Label, control and error message wired together: the control gets the id, aria-invalid and
 * aria-describedby pointing at the message, so screen readers read the error with the field.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  /** Text, or text with a Latin term marked `dir="ltr"` (the IBAN). */
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
