import { useQuery } from '@tanstack/react-query';
import { auditLogListQuery } from '#contract/superadmin';
import { formatDateTimeAr } from '#domain';
import { AUDIT_ACTIONS, auditActionLabel } from '#domain/audit-actions';
import { Card } from '#ui/card';
import { type Column, TableOrCards } from '#ui/data-table';
import { SearchInput } from '#ui/input';
import { PagedList } from '#ui/paged-list';
import { Select } from '#ui/select';
import { useAdminList } from '../admin';
import { type AuditEntry, auditLogQuery } from './api';

const ALL = 'all';
const OPTIONS = [
  { value: ALL, label: 'جميع العمليات' },
  // One choice an action: the server finds its rows under an old name too.
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) })),
];

/** Every action in Arabic (src/domain/audit-actions.ts): never its key. */
const actionLabel = (entry: AuditEntry) => auditActionLabel(entry.action);
/** What the product does by itself; every other entry without an account is the tenant's. */
const SYSTEM_ACTIONS = new Set([
  'referral.expire',
  'commission.release',
  'commission.signal_hold',
  'commission.signal_release',
]);
const actor = (entry: AuditEntry) => {
  if (entry.actorPhone) return <bdi dir="ltr">{entry.actorPhone}</bdi>;
  if (entry.apiKeyName) {
    return (
      <>
        مفتاح الواجهة البرمجية <bdi>{entry.apiKeyName}</bdi>
      </>
    );
  }
  return SYSTEM_ACTIONS.has(entry.action) ? 'النظام' : 'المستأجر عبر الرابط';
};
const beforeAndAfter = (entry: AuditEntry) =>
  entry.before || entry.after ? (
    <details>
      <summary className="min-h-11 cursor-pointer py-2">قبل وبعد</summary>
      <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs" dir="ltr">
        {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
      </pre>
    </details>
  ) : null;

/** The log on a wide screen: one dense row an entry, newest first as the server lists them. */
const COLUMNS: Column<AuditEntry>[] = [
  {
    id: 'time',
    header: 'الوقت',
    cell: (entry) => formatDateTimeAr(entry.createdAt),
    className: 'whitespace-nowrap',
  },
  { id: 'action', header: 'العملية', cell: (entry) => <strong>{actionLabel(entry)}</strong> },
  { id: 'actor', header: 'المنفذ', cell: actor },
  { id: 'change', header: 'التغيير', cell: beforeAndAfter, className: 'max-w-md' },
];

/**
 * /audit-log (super-admins): who did what and when, with the state before and after. Cards on
 * a phone, a dense table from 1024 px.
 */
export function AuditLogPage() {
  // The search, the action and the page, in the URL (`?action=broker.activate&page=2`).
  const list = useAdminList(auditLogListQuery);
  const { action, page, search } = list.query;
  const log = useQuery(auditLogQuery({ page, search, action }));

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">سجل التدقيق</h1>
      <div className="grid gap-3 sm:grid-cols-2">
        <SearchInput
          by="بجوال المنفذ أو رقم العنصر"
          value={list.search}
          onSearch={list.setSearch}
        />
        <Select
          aria-label="تصفية حسب العملية"
          value={action ?? ALL}
          onValueChange={(v) => list.set({ action: v === ALL ? undefined : v })}
          options={OPTIONS}
        />
      </div>
      <PagedList
        query={log}
        empty="لا توجد عمليات مطابقة"
        pages={{ label: 'صفحات السجل', page, onPage: list.setPage }}
      >
        {(data) => (
          <TableOrCards
            caption="سجل التدقيق"
            columns={COLUMNS}
            rows={data.items}
            rowKey={(entry) => String(entry.id)}
            listClassName="space-y-2"
            card={(entry) => (
              <Card className="space-y-1 p-4 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <strong>{actionLabel(entry)}</strong>
                  <span className="text-slate-700">{formatDateTimeAr(entry.createdAt)}</span>
                </div>
                <p>المنفذ: {actor(entry)}</p>
                {beforeAndAfter(entry)}
              </Card>
            )}
          />
        )}
      </PagedList>
    </div>
  );
}
