import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '#lib/cn';

type NativeSelectOption = { value: string; label: string };

type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'value'> & {
  value: string;
  options: readonly NativeSelectOption[];
  /** The first choice, empty («اختر المدينة»): shown while nothing is chosen, and choosable. */
  placeholder?: string;
};

/**
 * One choice from a short list as the browser's own `<select>`: a phone opens its own picker,
 * the keyboard and screen readers work as the platform has them, and no code loads for it
 * (`#ui/select`, Radix's, brings Floating UI and a scroll lock). Styled like the other fields
 * (`#ui/input`), 44 px tall, its arrow at the end of the line.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(
  ({ className, options, placeholder, value, ...props }, ref) => (
    <div className="relative">
      <select
        ref={ref}
        value={value}
        className={cn(
          'block min-h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-10 text-base text-slate-900 disabled:bg-slate-100 aria-[invalid=true]:border-red-600',
          // The placeholder's colour, as an empty field's; the choices keep the text's.
          value === '' && placeholder !== undefined && 'text-slate-500',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined ? (
          <option value="" className="text-slate-900">
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} className="text-slate-900">
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-600"
      />
    </div>
  ),
);
NativeSelect.displayName = 'NativeSelect';
