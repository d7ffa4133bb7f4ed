import type { ReactNode } from 'react';

/** One fact of a section of a broker's details (their licence, their tax profile), in a `<dl>`. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-1 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-700">{label}</dt>
      <dd className="min-w-0 text-end font-medium break-words">{children || '—'}</dd>
    </div>
  );
}
