import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { cn } from '#lib/cn';
import { Input } from '#ui/input';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * A password field with a show/hide toggle at its end (issue 14): a 44 px button inside the
 * field named «إظهار كلمة المرور» / «إخفاء كلمة المرور», pressed while the password shows as
 * text. Used by every password step.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  ({ className, ...props }, ref) => {
    const [visible, setVisible] = useState(false);
    const Icon = visible ? EyeOff : Eye;
    return (
      <div className="relative">
        <Input
          ref={ref}
          {...props}
          type={visible ? 'text' : 'password'}
          className={cn('pe-12', className)}
        />
        {/* Named by its text, not aria-label, so a field found by its label («كلمة المرور»)
            is never confused with this button. */}
        <button
          type="button"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 end-0 flex min-h-11 w-11 items-center justify-center rounded-e-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Icon aria-hidden="true" className="size-5" />
          <span className="sr-only">{visible ? 'إخفاء كلمة المرور' : 'إظهار كلمة المرور'}</span>
        </button>
      </div>
    );
  },
);
PasswordInput.displayName = 'PasswordInput';
