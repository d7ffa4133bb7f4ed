import { SearchInput } from '#ui/input';
import { Select } from '#ui/select';
import type { ExportQuery, ExportType } from './api';
import { ExportButton } from './ExportButton';
import type { AdminList } from './use-admin-list';

/** A console list's toolbar: the search box, the filter, and the Excel export of both. */
export function ListToolbar({
  list,
  searchBy,
  filter,
  onFilter,
  filterLabel,
  filters,
  exportType,
  exportQuery,
}: {
  list: AdminList;
  /** What the box searches by («بالجوال أو …»). */
  searchBy: string;
  /** The filter's option chosen, as the list's query holds it. */
  filter: string;
  onFilter: (value: string) => void;
  filterLabel: string;
  filters: { value: string; label: string }[];
  exportType: ExportType;
  exportQuery: ExportQuery;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <SearchInput by={searchBy} value={list.search} onSearch={list.setSearch} />
      <Select aria-label={filterLabel} value={filter} onValueChange={onFilter} options={filters} />
      <ExportButton type={exportType} query={exportQuery} />
    </div>
  );
}
