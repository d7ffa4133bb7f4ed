import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '#lib/api';
import { Button } from './button';

const DEFAULT_FALLBACK = 'تعذر تحميل البيانات';

type ErrorWording = {
  /** What the alert says when the server sent no message of its own. */
  errorFallback?: string;
  /**
   * The screen's own wording for the failures that asking again cannot mend (a 404, say):
   * shown without the retry. Null for any other failure.
   */
  errorText?: (error: Error) => string | null;
};

/**
 * A failed read: the server's message and a retry, or the screen's wording of a final failure.
 * Only the message is the alert, so a screen reader announces it without the button's label.
 * `col-span-full` lets it span a grid of tiles when it stands in for them.
 */
export function QueryError({
  query,
  errorFallback = DEFAULT_FALLBACK,
  errorText,
}: { query: UseQueryResult<unknown> } & ErrorWording) {
  const final = query.error && errorText?.(query.error);
  return (
    <div className="col-span-full flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p role="alert">{final || errorMessage(query.error, errorFallback)}</p>
      {final ? null : (
        <Button variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
          إعادة المحاولة
        </Button>
      )}
    </div>
  );
}

type QueryViewProps<T> = ErrorWording & {
  query: UseQueryResult<T>;
  /** What the screen shows until the first answer arrives (its skeleton). */
  loading: ReactNode;
  /** True when the answer has nothing to show: `empty` is rendered instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /**
   * Another view of the same query on the screen already shows its alert: this one renders
   * nothing on failure rather than a second alert with the same message.
   */
  quietOnError?: boolean;
  children: (data: T) => ReactNode;
};

/**
 * Every read of a list or detail screen goes through here: its skeleton while loading, its
 * empty state, the failure with a retry, else the children with the data. Data already shown
 * stays when a later refetch (a poll, say) fails: the failure only replaces a skeleton.
 */
export function QueryView<T>({
  query,
  loading,
  isEmpty,
  empty = null,
  quietOnError = false,
  children,
  ...wording
}: QueryViewProps<T>) {
  if (query.data !== undefined) {
    return isEmpty?.(query.data) ? empty : children(query.data);
  }
  if (query.isError) return quietOnError ? null : <QueryError query={query} {...wording} />;
  return loading;
}
