import { useState } from 'react';
import { useDebouncedValue } from '#lib/use-debounced';
import type { SortState } from '#ui/data-table';

/**
 * A console list's state: the search box (sent once typing pauses), one filter, the page and,
 * for lists the server sorts, the order of the desktop table. A new search, filter or order
 * goes back to page 1; `onChange` runs on any change (clearing a selection made on the
 * previous page).
 */
export function useAdminList<K extends string = never>(
  initialFilter: string,
  onChange?: () => void,
  initialSort?: SortState<K>,
) {
  const [search, setSearchText] = useState('');
  const [filter, setFilterValue] = useState(initialFilter);
  const [sort, setSortState] = useState(initialSort);
  const [page, setPageNumber] = useState(1);
  const term = useDebouncedValue(search.trim());
  return {
    search,
    filter,
    page,
    /** The settled search term; undefined when empty, so it stays out of the key and the URL. */
    term: term || undefined,
    setSearch: (value: string) => {
      setSearchText(value);
      setPageNumber(1);
      onChange?.();
    },
    setFilter: (value: string) => {
      setFilterValue(value);
      setPageNumber(1);
      onChange?.();
    },
    sort,
    setSort: (next: SortState<K>) => {
      setSortState(next);
      setPageNumber(1);
      onChange?.();
    },
    setPage: (next: number) => {
      setPageNumber(next);
      onChange?.();
    },
  };
}

export type AdminList = Pick<
  ReturnType<typeof useAdminList>,
  'search' | 'filter' | 'setSearch' | 'setFilter'
>;
