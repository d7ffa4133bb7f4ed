import { Phone, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { referralListQuery } from '#contract/referrals';
import {
  cityLabel,
  formatDateAr,
  formatSar,
  propertyTypeLabel,
  REFERRAL_STATUSES,
  telHref,
} from '#domain';
import { useSession } from '#lib/session';
import type { Referral } from '#lib/types';
import { useListParams, useSettledText } from '#lib/use-list-params';
import { Button, buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { Pagination } from '#ui/pagination';
import { PhoneInput, phoneDigits } from '#ui/phone-input';
import { QueryView } from '#ui/query-view';
import { Select } from '#ui/select';
import { ReferralStatusBadge } from '#ui/status-badge';
import { NewReferralLink } from '../dashboard';
import { ReferralSourceBadge } from '../referral-link';
import { useReferrals } from './api';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'جميع الحالات' },
  ...REFERRAL_STATUSES.map((s) => ({ value: s.key, label: s.label })),
];

/** The list's filters and page, kept in the URL (`?status=…&page=2`). */
const LIST = referralListQuery.pick({
  status: true,
  phone: true,
  from: true,
  to: true,
  page: true,
});

/** /referrals: the broker's referrals, filtered and paginated by the server. */
export function ReferralsPage() {
  const { profile } = useSession();
  const { values: filters, set, raw } = useListParams(LIST);
  const referrals = useReferrals(filters);
  // Typed fields show what is typed; the URL (and the list) follow at once.
  const write = (key: 'phone' | 'from' | 'to') => (text: string) =>
    set({ [key]: text || undefined }, { replace: true });
  const [phone, setPhone] = useSettledText(raw('phone'), write('phone'), 0);
  const [from, setFrom] = useSettledText(raw('from'), write('from'), 0);
  const [to, setTo] = useSettledText(raw('to'), write('to'), 0);

  // Below lg (where the sidebar closes and the phone app starts) the filters fold behind
  // «تصفية», so the list starts on the first screen; from lg they are always shown.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const filtered = Boolean(filters.status || filters.phone || filters.from || filters.to);

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">إحالاتي</h1>
        <Button
          variant="outline"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          تصفية
        </Button>
      </div>
      <Card
        id={filtersId}
        className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:grid-cols-2 lg:grid lg:grid-cols-5 lg:items-end`}
      >
        <FormField label="الحالة">
          {(control) => (
            <Select
              {...control}
              value={filters.status ?? ALL}
              onValueChange={(v) =>
                set({ status: v === ALL ? undefined : (v as typeof filters.status) })
              }
              options={STATUS_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="رقم الجوال">
          {(control) => (
            <PhoneInput
              {...control}
              value={phone}
              onChange={(e) => setPhone(phoneDigits(e.target.value))}
            />
          )}
        </FormField>
        <FormField label="من تاريخ">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="إلى تاريخ">
          {(control) => (
            <Input {...control} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          )}
        </FormField>
        <Button
          variant="outline"
          onClick={() =>
            set({ status: undefined, phone: undefined, from: undefined, to: undefined })
          }
        >
          مسح الفلاتر
        </Button>
      </Card>

      <QueryView
        query={referrals}
        loading={<Skeleton className="h-40" />}
        isEmpty={(data) => data.items.length === 0}
        empty={
          filtered ? (
            <EmptyState title="لا توجد إحالات مطابقة">
              لا تطابق الفلاتر أي إحالة؛ غيّرها أو امسحها لترى كل إحالاتك.
            </EmptyState>
          ) : (
            <EmptyState
              title="لا توجد إحالات بعد"
              action={profile ? <NewReferralLink profile={profile} app="desktop" /> : null}
            >
              تظهر هنا كل إحالة ترسلها، بحالتها وتاريخها، وتتابع منها تفاصيلها.
            </EmptyState>
          )
        }
      >
        {(data) => <ReferralTable items={data.items} />}
      </QueryView>
      <Pagination
        label="الصفحات"
        page={filters.page}
        of={referrals.data}
        onPage={(page) => set({ page })}
      />
    </div>
  );
}

const COLUMNS = [
  'رقم الجوال',
  'نوع العقار',
  'المدينة',
  'الحي',
  'تاريخ الإرسال',
  'الإيجار السنوي',
  'الحالة',
  'إجراءات',
];

// Cells that only the wide table shows; a phone card keeps phone, date, rent, status, actions.
const WIDE_ONLY = 'hidden lg:table-cell lg:px-3 lg:py-2';
const CELL = 'block lg:table-cell lg:px-3 lg:py-2';

/**
 * One table, two layouts. From lg a table; below lg every row is a card (phone and status,
 * date, rent, then «التفاصيل» and call), the headers kept for screen readers only.
 */
function ReferralTable({ items }: { items: Referral[] }) {
  return (
    <div className="lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm">
      <table className="block w-full text-start text-sm lg:table lg:min-w-[720px]">
        <caption className="sr-only">قائمة الإحالات</caption>
        <thead className="sr-only bg-slate-50 text-slate-700 lg:not-sr-only lg:table-header-group">
          <tr>
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className="px-3 py-3 text-start font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 lg:table-row-group lg:space-y-0">
          {items.map((r) => (
            <tr
              key={r.id}
              className="grid grid-cols-2 items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:table-row lg:rounded-none lg:border-x-0 lg:border-t-0 lg:border-slate-100 lg:bg-transparent lg:p-0 lg:shadow-none"
            >
              <td className={`${CELL} order-1 font-bold lg:font-normal`}>
                <bdi dir="ltr">{r.tenantPhone}</bdi>
              </td>
              <td className={WIDE_ONLY}>{propertyTypeLabel(r.propertyType) || '—'}</td>
              <td className={WIDE_ONLY}>{cityLabel(r.city) || '—'}</td>
              <td className={WIDE_ONLY}>{r.district || '—'}</td>
              <td className={`${CELL} order-3 text-slate-700 lg:text-inherit`}>
                {formatDateAr(r.submittedAt)}
              </td>
              <td className={`${CELL} order-4 col-span-2`}>
                {r.rentAmount ? (
                  <>
                    <span className="lg:hidden">الإيجار السنوي: </span>
                    {formatSar(r.rentAmount)}
                  </>
                ) : (
                  <>
                    <span className="lg:hidden">الإيجار غير محدد</span>
                    <span className="hidden lg:inline">—</span>
                  </>
                )}
              </td>
              <td className={`${CELL} order-2 justify-self-end`}>
                <ReferralStatusBadge status={r.status} />
                <ReferralSourceBadge source={r.source} />
              </td>
              <td className={`${CELL} order-5 col-span-2`}>
                <div className="grid grid-cols-2 gap-2 lg:flex">
                  <Link to={`/referral/${r.id}`} className={buttonClasses('outline')}>
                    التفاصيل
                  </Link>
                  <a
                    href={telHref(r.tenantPhone)}
                    className={buttonClasses('outline')}
                    aria-label={`اتصال بالرقم ${r.tenantPhone}`}
                  >
                    <Phone aria-hidden="true" className="size-4" />
                    <span className="lg:hidden">اتصال</span>
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
