import { useState } from 'react';
import { useDebouncedValue } from '#lib/use-debounced';

/**
 * A console list's state: the search box (sent once typing pauses), one filter and the page.
 * A new search or filter goes back to page 1; `onChange` runs on any change (clearing a
 * selection made on the previous page).
 */
export function useAdminList(initialFilter: string, onChange?: () => void) {
  const [search, setSearchText] = useState('');
  const [filter, setFilterValue] = useState(initialFilter);
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
    setPage: (next: number) => {
      setPageNumber(next);
      onChange?.();
    },
  };
}

export type AdminList = ReturnType<typeof useAdminList>;
