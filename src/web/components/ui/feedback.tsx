import type { ReactNode } from 'react';
import { BRAND } from '#lib/brand';
import { cn } from '#lib/cn';

/** The loading text while something resolves (docs/product.md#messages-and-feedback). */
function Loading({ label = 'جاري التحميل...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-700"
    >
      <span
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}

/** A whole page still loading, before any layout: a main landmark and a heading with it. */
export function PageLoading() {
  return (
    <main id="main">
      <h1 className="sr-only">{BRAND.productName}</h1>
      <Loading />
    </main>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} />
  );
}

/**
 * What a screen shows where there is nothing yet: what will appear here and how it gets there,
 * with the action that starts it (a link or a button), never a row of zeros.
 */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-3 text-sm text-slate-700">{children}</div> : null}
      {action ? <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
