import { formatNumberAr } from '../../../domain';
import { Button } from './button';

/** Previous / next over server-side pages; hidden when everything fits on one page. */
export function Pagination({
  label,
  page,
  total,
  pageSize,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
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
