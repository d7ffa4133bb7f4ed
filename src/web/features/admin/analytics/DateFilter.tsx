import { useId, useState } from 'react';
import { formatNumberAr, formatYearAr, monthNamesAr } from '#domain';
import { Button } from '#ui/button';

const FIRST_YEAR = 2020;
const selectClasses =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-base text-slate-900';

type Parts = { day: string; month: string; year: string };

const pad = (value: string) => value.padStart(2, '0');

/** The ISO day the parts name, '' while one is missing, null when the day does not exist. */
function isoOf({ day, month, year }: Parts): string | null {
  if (!day || !month || !year) return '';
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function partsOf(iso: string): Parts {
  const [year = '', month = '', day = ''] = iso ? iso.split('-') : [];
  return { year, month: month ? String(Number(month)) : '', day: day ? String(Number(day)) : '' };
}

/**
 * A Gregorian date as Saudis write it, day, month by name, year, in Arabic-Indic digits: three
 * labelled lists instead of the browser's date box, which shows «mm/dd/yyyy» in an Arabic page.
 * Answers the ISO day (YYYY-MM-DD) the query sends, or '' when cleared.
 */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
}) {
  const id = useId();
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const iso = isoOf(parts);
  const years = Array.from(
    { length: new Date().getFullYear() - FIRST_YEAR + 1 },
    (_, i) => `${FIRST_YEAR + i}`,
  );

  const change = (next: Parts) => {
    setParts(next);
    const chosen = isoOf(next);
    if (chosen !== null) onChange(chosen);
  };
  const part = (key: keyof Parts, name: string, options: { value: string; label: string }[]) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${key}`} className="block text-xs text-slate-700">
        {name}
      </label>
      <select
        id={`${id}-${key}`}
        className={selectClasses}
        value={parts[key]}
        aria-invalid={iso === null}
        aria-describedby={iso === null ? `${id}-error` : undefined}
        onChange={(e) => change({ ...parts, [key]: e.target.value })}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="grid grid-cols-[4.5rem_1fr_5.5rem] items-end gap-2">
        {part(
          'day',
          'اليوم',
          Array.from({ length: 31 }, (_, i) => ({
            value: `${i + 1}`,
            label: formatNumberAr(i + 1),
          })),
        )}
        {part(
          'month',
          'الشهر',
          monthNamesAr().map((name, i) => ({ value: `${i + 1}`, label: name })),
        )}
        {part(
          'year',
          'السنة',
          years.map((year) => ({ value: year, label: formatYearAr(Number(year)) })),
        )}
      </div>
      {iso === null ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          هذا اليوم غير موجود في الشهر المختار
        </p>
      ) : null}
      {parts.day || parts.month || parts.year ? (
        <Button
          variant="link"
          className="px-0"
          onClick={() => change({ day: '', month: '', year: '' })}
        >
          مسح {label}
        </Button>
      ) : null}
    </fieldset>
  );
}
