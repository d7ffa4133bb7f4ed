import { Input } from '#ui/input';
import { Select } from '#ui/select';
import type { ExportQuery, ExportType } from './api';
import { ExportButton } from './ExportButton';
import type { AdminList } from './use-admin-list';

/** A console list's toolbar: the search box, the filter, and the Excel export of both. */
export function ListToolbar({
  list,
  searchLabel,
  searchPlaceholder,
  filterLabel,
  filters,
  exportType,
  exportQuery,
}: {
  list: AdminList;
  searchLabel: string;
  searchPlaceholder: string;
  filterLabel: string;
  filters: { value: string; label: string }[];
  exportType: ExportType;
  exportQuery: ExportQuery;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <Input
        type="search"
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
      />
      <Select
        aria-label={filterLabel}
        value={list.filter}
        onValueChange={list.setFilter}
        options={filters}
      />
      <ExportButton type={exportType} query={exportQuery} />
    </div>
  );
}
