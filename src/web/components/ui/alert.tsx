import type { ReactNode } from 'react';
import { cn } from '#lib/cn';

const tones = {
  destructive: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
} as const;

export function Alert({
  tone = 'destructive',
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      className={cn('rounded-lg border p-3 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
