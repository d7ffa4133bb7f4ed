import { formatNumberAr } from '#domain';
import { Button } from './button';

/**
 * Previous / next over server-side pages, for the page `of` a list once it has loaded; hidden
 * while loading and when everything fits on one page.
 */
export function Pagination({
  label,
  page,
  of,
  onPage,
}: {
  label: string;
  page: number;
  of: { total: number; pageSize: number } | undefined;
  onPage: (page: number) => void;
}) {
  const pages = of ? Math.max(1, Math.ceil(of.total / of.pageSize)) : 1;
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        السابق
      </Button>
      <span>
        صفحة {formatNumberAr(page)} من {formatNumberAr(pages)}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        التالي
      </Button>
    </nav>
  );
}
