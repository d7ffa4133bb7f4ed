import type { ReactNode } from 'react';

/**
 * A figure with its name, and under it an optional line that says what it counts. The name
 * and the figure are the tile's first two children's text (the journeys find a tile by its
 * name and read the figure beside it).
 */
export function StatTile({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  hint?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2 text-sm text-slate-700">
        <span>{label}</span>
        {icon}
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
      {hint ? <p className="mt-1 text-xs leading-5 text-slate-700">{hint}</p> : null}
    </div>
  );
}
