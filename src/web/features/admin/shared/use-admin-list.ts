import type { z } from 'zod';
import { type ListChange, useListParams, useSettledText } from '#lib/use-list-params';

/**
 * A console list's state, kept in the URL (`useListParams`, read through the list endpoint's
 * query schema): its fields as the query sends them, the search box (written to the URL once
 * typing pauses), the page. A new search, filter or order goes back to page 1; `onChange` runs
 * on any change (clearing a selection made on the previous page).
 */
export function useAdminList<S extends z.ZodObject>(
  schema: S,
  {
    prefix,
    searchKey = 'search',
    onChange,
  }: {
    /** The list's params are `prefix.key` where several lists share the console's address. */
    prefix?: string | undefined;
    /** The field the search box fills. */
    searchKey?: keyof z.input<S> & string;
    onChange?: (() => void) | undefined;
  } = {},
) {
  const { values, set, raw } = useListParams(schema, prefix);
  const change = (next: ListChange<S>, options?: { replace?: boolean }) => {
    set(next, options);
    onChange?.();
  };
  const [search, setSearchText] = useSettledText(raw(searchKey), (term) =>
    change({ [searchKey]: term || undefined } as ListChange<S>, { replace: true }),
  );
  return {
    /** The list's fields, each valid or its default. */
    query: values,
    set: change,
    /** The search box's text as typed. */
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      onChange?.();
    },
    setPage: (page: number) => change({ page } as unknown as ListChange<S>),
  };
}

/** What the toolbar's search box shows and changes. */
export type AdminList = {
  search: string;
  setSearch: (value: string) => void;
};
