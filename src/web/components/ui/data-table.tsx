import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#lib/cn';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';

export type SortDirection = 'asc' | 'desc';
type SortState<K extends string> = { key: K; direction: SortDirection };

export type Column<T, K extends string = never> = {
  /** Names the column (React key). */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the header a sort button, asking the list for this key. */
  sortKey?: K;
  /** The direction of a first click: dates and amounts read best newest or largest first. */
  firstDirection?: SortDirection;
  className?: string;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const FLIPPED = { asc: 'desc', desc: 'asc' } as const;

/** `column:direction`, the shape of the console lists' `sort` query. */
export const sortParam = <K extends string>(sort: SortState<K>): `${K}:${SortDirection}` =>
  `${sort.key}:${sort.direction}`;

type TableProps<T, K extends string> = {
  caption: string;
  columns: Column<T, K>[];
  rows: T[];
  rowKey: (row: T) => string;
  sort?: SortState<K>;
  onSort?: (next: SortState<K>) => void;
};

/**
 * A dense table for wide screens: a caption for screen readers, `<th scope=col>` headers, and
 * sortable columns whose header is a button; the sorted one carries aria-sort. Sorting itself
 * is the caller's (the console's lists sort on the server).
 */
function DataTable<T, K extends string = never>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
}: TableProps<T, K>) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey;
              const direction = sorted ? sort?.direction : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={direction ? ARIA_SORT[direction] : undefined}
                  className={cn(
                    'border-b border-slate-200 px-3 py-2 text-start font-semibold whitespace-nowrap',
                    column.className,
                  )}
                >
                  {column.sortKey !== undefined && onSort ? (
                    <SortButton
                      label={column.header}
                      direction={direction}
                      onClick={() =>
                        onSort({
                          key: column.sortKey as K,
                          // The sorted column turns round; another starts its own way.
                          direction: direction
                            ? FLIPPED[direction]
                            : (column.firstDirection ?? 'asc'),
                        })
                      }
                    />
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-b border-slate-100 last:border-b-0 hover:bg-slate-50"
            >
              {columns.map((column) => (
                <td key={column.id} className={cn('px-3 py-1.5 align-middle', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The rows as a `DataTable` from `WIDE_SCREEN` on, and below it as a list of cards, where a
 * table would scroll sideways.
 */
export function TableOrCards<T, K extends string = never>({
  listClassName,
  itemClassName,
  card,
  ...table
}: TableProps<T, K> & {
  /** The cards' list: its grid or spacing. */
  listClassName: string;
  itemClassName?: string;
  /** What a row's `<li>` holds. */
  card: (row: T) => ReactNode;
}) {
  const wide = useMediaQuery(WIDE_SCREEN);
  if (wide) return <DataTable {...table} />;
  return (
    <ul className={listClassName}>
      {table.rows.map((row) => (
        <li key={table.rowKey(row)} className={itemClassName}>
          {card(row)}
        </li>
      ))}
    </ul>
  );
}

function SortButton({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: SortDirection | undefined;
  onClick: () => void;
}) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded-md px-1 font-semibold hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {label}
      <Icon
        aria-hidden="true"
        className={cn('size-4', direction ? 'text-brand-700' : 'text-slate-400')}
      />
    </button>
  );
}

/** The order a `column:direction` query names, for the table's headers. */
export const sortState = <K extends string>(param: `${K}:${SortDirection}`): SortState<K> => {
  const at = param.lastIndexOf(':');
  return { key: param.slice(0, at) as K, direction: param.slice(at + 1) as SortDirection };
};
