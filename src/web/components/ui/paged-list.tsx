import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { arabicCount, type CountedNoun } from '#domain';
import { EmptyState, Skeleton } from './feedback';
import { Pagination } from './pagination';
import { QueryView } from './query-view';

type Page = { items: readonly unknown[]; total: number; pageSize: number };

/**
 * One page of a list the server pages, read through `QueryView` (its skeleton, its empty state
 * when the page has no items, its failure), then the previous / next buttons under it.
 */
export function PagedList<P extends Page>({
  query,
  loading = <Skeleton className="h-40" />,
  empty,
  errorFallback,
  pages,
  children,
}: {
  query: UseQueryResult<P>;
  loading?: ReactNode;
  /** What shows when the page has no items; a string is the `EmptyState`'s title. */
  empty: ReactNode;
  errorFallback?: string;
  /** The page buttons: their navigation's name («صفحات …»), the page shown, a change of page. */
  pages: { label: string; page: number; onPage: (page: number) => void };
  children: (data: P) => ReactNode;
}) {
  return (
    <>
      <QueryView
        query={query}
        loading={loading}
        errorFallback={errorFallback}
        isEmpty={(data) => data.items.length === 0}
        empty={typeof empty === 'string' ? <EmptyState title={empty} /> : empty}
      >
        {children}
      </QueryView>
      <Pagination {...pages} of={query.data} />
    </>
  );
}

/** How many items a list has in all, once it has loaded. */
export function ListTotal({ of, noun }: { of: { total: number } | undefined; noun: CountedNoun }) {
  return of ? <p className="text-sm text-slate-700">{arabicCount(of.total, noun)}</p> : null;
}
