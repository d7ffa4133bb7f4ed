import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '#ui/card';
import {
  type Column,
  type SortDirection,
  sortParam,
  sortState,
  TableOrCards,
} from '#ui/data-table';
import { PagedList } from '#ui/paged-list';

type Order<K extends string> = `${K}:${SortDirection}`;

export type ConsoleListProps<T extends { id: string }, K extends string> = {
  query: UseQueryResult<{ items: T[]; total: number; pageSize: number }>;
  // The columns name the sort keys; the list's order is checked against them.
  list: {
    query: { page: number; sort: NoInfer<Order<K>> };
    set: (change: { sort: NoInfer<Order<K>> }) => void;
    setPage: (page: number) => void;
  };
  caption: string;
  /** The empty state's title. */
  empty: string;
  columns: Column<T, K>[];
  /** What a row's card holds. */
  card: (row: T) => ReactNode;
};

/**
 * A console tab's list, paged and sorted by the server in the URL (`useAdminList`): a table
 * sorted by its headers from 1024 px, a grid of cards below; «صفحات» and the caption name its
 * page buttons.
 */
export function ConsoleList<T extends { id: string }, K extends string>({
  query,
  list,
  caption,
  empty,
  columns,
  card,
}: ConsoleListProps<T, K>) {
  return (
    <PagedList
      query={query}
      empty={empty}
      pages={{ label: `صفحات ${caption}`, page: list.query.page, onPage: list.setPage }}
    >
      {(data) => (
        <TableOrCards
          caption={caption}
          columns={columns}
          rows={data.items}
          rowKey={(row) => row.id}
          sort={sortState(list.query.sort)}
          onSort={(next) => list.set({ sort: sortParam(next) })}
          listClassName="grid gap-3 md:grid-cols-2"
          card={(row) => <Card className="space-y-2 p-4">{card(row)}</Card>}
        />
      )}
    </PagedList>
  );
}

/** Whose row it is (a referral's, a commission's): the broker's name, then code. */
export function brokerColumn<
  T extends { brokerName: string | null; brokerCode: string },
>(): Column<T> {
  return {
    id: 'broker',
    header: 'الوسيط',
    cell: (row) => (
      <>
        {row.brokerName || '—'}{' '}
        <bdi dir="ltr" className="whitespace-nowrap text-slate-600">
          {row.brokerCode}
        </bdi>
      </>
    ),
  };
}
