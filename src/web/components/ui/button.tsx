import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from '#lib/cn';

const variants = {
  default: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  ghost: 'bg-transparent text-slate-800 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'bg-transparent text-brand-700 underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'min-h-11 px-4 py-2',
  lg: 'min-h-12 px-6 py-3 text-lg',
  icon: 'size-11',
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

/** Every button is at least 44 px tall: brokers tap with a thumb. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  ({ variant = 'default', size = 'default', className, type = 'button', ...props }, ref) => (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-70',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  ),
);
Button.displayName = 'Button';

/** Class names of a button, for links that look like one. */
export function buttonClasses(variant: keyof typeof variants = 'default', extra?: string): string {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors',
    variants[variant],
    extra,
  );
}
