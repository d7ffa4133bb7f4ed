import { Phone, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  cityLabel,
  formatDateAr,
  formatSar,
  propertyTypeLabel,
  REFERRAL_STATUSES,
  telHref,
  toLatinDigits,
} from '#domain';
import type { Referral } from '#lib/types';
import { Button, buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { Select } from '#ui/select';
import { ReferralStatusBadge } from '#ui/status-badge';
import { type ReferralFilters, useReferrals } from './api';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'جميع الحالات' },
  ...REFERRAL_STATUSES.map((s) => ({ value: s.key, label: `${s.emoji} ${s.label}` })),
];

/** /referrals: the broker's referrals, filtered and paginated by the server. */
export function ReferralsPage() {
  const [filters, setFilters] = useState<ReferralFilters>({ page: 1 });
  const referrals = useReferrals(filters);
  const set = (change: Partial<ReferralFilters>) =>
    setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));

  // Below lg (where the sidebar closes and the phone app starts) the filters fold behind
  // «تصفية», so the list starts on the first screen; from lg they are always shown.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

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
              onValueChange={(v) => set({ status: v === ALL ? undefined : v })}
              options={STATUS_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="رقم الجوال">
          {(control) => (
            <Input
              {...control}
              value={filters.phone ?? ''}
              onChange={(e) => set({ phone: toLatinDigits(e.target.value).replace(/\D/g, '') })}
              inputMode="tel"
              dir="ltr"
              className="text-end"
            />
          )}
        </FormField>
        <FormField label="من تاريخ">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.from ?? ''}
              onChange={(e) => set({ from: e.target.value || undefined })}
            />
          )}
        </FormField>
        <FormField label="إلى تاريخ">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.to ?? ''}
              onChange={(e) => set({ to: e.target.value || undefined })}
            />
          )}
        </FormField>
        <Button variant="outline" onClick={() => setFilters({ page: 1 })}>
          مسح الفلاتر
        </Button>
      </Card>

      <QueryView
        query={referrals}
        loading={<Skeleton className="h-40" />}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState title="لا توجد إحالات مطابقة">
            <Link to="/new-referral" className={buttonClasses('default')}>
              إضافة إحالة جديدة
            </Link>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ReferralCards items={data.items} />
            <Card className="hidden overflow-x-auto p-0 lg:block">
              <table className="w-full min-w-[720px] text-start text-sm">
                <caption className="sr-only">قائمة الإحالات</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {[
                      'رقم الجوال',
                      'نوع العقار',
                      'المدينة',
                      'الحي',
                      'تاريخ الإرسال',
                      'الحالة',
                      'إجراءات',
                    ].map((h) => (
                      <th key={h} scope="col" className="px-3 py-3 text-start font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.items.map((r) => (
                    <tr key={r.id}>
                      <td className="px-3 py-2">
                        <bdi dir="ltr">{r.tenantPhone}</bdi>
                      </td>
                      <td className="px-3 py-2">{propertyTypeLabel(r.propertyType) || '—'}</td>
                      <td className="px-3 py-2">{cityLabel(r.city) || '—'}</td>
                      <td className="px-3 py-2">{r.district || '—'}</td>
                      <td className="px-3 py-2">{formatDateAr(r.submittedAt)}</td>
                      <td className="px-3 py-2">
                        <ReferralStatusBadge status={r.status} />
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex gap-2">
                          <Link to={`/referral/${r.id}`} className={buttonClasses('outline')}>
                            التفاصيل
                          </Link>
                          <a
                            href={telHref(r.tenantPhone)}
                            className={buttonClasses('ghost')}
                            aria-label={`اتصال بالرقم ${r.tenantPhone}`}
                          >
                            <Phone aria-hidden="true" className="size-4" />
                          </a>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </>
        )}
      </QueryView>
      <Pagination
        label="الصفحات"
        page={filters.page ?? 1}
        of={referrals.data}
        onPage={(page) => set({ page })}
      />
    </div>
  );
}

/** Below lg: one card per referral (phone, date, status, rent, details and call). */
function ReferralCards({ items }: { items: Referral[] }) {
  return (
    <ul aria-label="قائمة الإحالات" className="space-y-3 lg:hidden">
      {items.map((r) => (
        <li key={r.id}>
          <Card className="space-y-3 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <bdi dir="ltr" className="font-bold">
                  {r.tenantPhone}
                </bdi>
                <p className="text-sm text-slate-700">{formatDateAr(r.submittedAt)}</p>
              </div>
              <ReferralStatusBadge status={r.status} />
            </div>
            <p className="text-sm">
              {r.rentAmount ? `الإيجار السنوي: ${formatSar(r.rentAmount)}` : 'الإيجار غير محدد'}
            </p>
            <div className="grid grid-cols-2 gap-2">
              <Link to={`/referral/${r.id}`} className={buttonClasses('outline')}>
                التفاصيل
              </Link>
              <a
                href={telHref(r.tenantPhone)}
                className={buttonClasses('outline')}
                aria-label={`اتصال بالرقم ${r.tenantPhone}`}
              >
                <Phone aria-hidden="true" className="size-4" />
                اتصال
              </a>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
