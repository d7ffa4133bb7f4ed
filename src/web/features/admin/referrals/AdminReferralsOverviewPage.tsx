import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { adminReferralListQuery } from '#contract/admin/referrals';
import { formatDateAr, formatNumberAr, isRetiredPhone, NOUNS } from '#domain';
import { cn } from '#lib/cn';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { CallLink, WhatsappLink } from '#ui/contact-links';
import { EmptyState, Skeleton } from '#ui/feedback';
import { SearchInput } from '#ui/input';
import { ListTotal, PagedList } from '#ui/paged-list';
import { ReferralStatusBadge } from '#ui/status-badge';
import { useAdminList } from '../shared';
import { type AdminReferral, adminReferralsQuery } from './api';
import { ProcessReferralDialog } from './ProcessReferralDialog';
import { ReferralDetails } from './ReferralDetailsDialog';
import { SignalFlag } from './SignalFlag';

const SEARCH_AND_PAGE = adminReferralListQuery.pick({ search: true, page: true });

/**
 * The admin view of /referrals: every referral, searched by phone, broker name or code or
 * referral id; the chosen one with its contact actions, details and confidential tenant data.
 */
export function AdminReferralsOverviewPage() {
  // The search and the page, in the URL (`?search=…&page=2`).
  const filters = useAdminList(SEARCH_AND_PAGE);
  const { page, search } = filters.query;
  const [selected, setSelected] = useState<AdminReferral | null>(null);
  const [processing, setProcessing] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const list = useQuery(adminReferralsQuery({ page, search }));
  const data = list.data;
  // The chosen referral as the latest list has it (after processing, its status changes).
  const current = data?.items.find((r) => r.id === selected?.id) ?? selected;

  function choose(referral: AdminReferral) {
    setSelected(referral);
    // On a phone the panel is below the list: bring it into view, then give it focus.
    requestAnimationFrame(() => {
      panel.current?.scrollIntoView({ block: 'start' });
      panel.current?.focus();
    });
  }

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">نظرة عامة على الإحالات</h1>
      <SearchInput
        by="بالجوال أو اسم الوسيط أو رمزه أو رقم الإحالة"
        value={filters.search}
        onSearch={filters.setSearch}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="الإحالات" className="space-y-3">
          <ListTotal of={data} noun={NOUNS.referral} />
          <PagedList
            query={list}
            loading={<Skeleton className="h-64" />}
            empty="لا توجد إحالات مطابقة"
            pages={{ label: 'صفحات الإحالات', page, onPage: filters.setPage }}
          >
            {(result) => (
              <ul className="space-y-2">
                {result.items.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      aria-pressed={current?.id === r.id}
                      onClick={() => choose(r)}
                      className={cn(
                        'w-full space-y-1 rounded-xl border bg-white p-3 text-start hover:bg-slate-50',
                        current?.id === r.id
                          ? 'border-brand-700 ring-2 ring-brand-700'
                          : 'border-slate-200',
                      )}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-bold">إحالة رقم {formatNumberAr(r.number)}</span>
                        <ReferralStatusBadge status={r.status} variant="admin" />
                      </span>
                      <span className="flex flex-wrap gap-x-4 text-sm">
                        <bdi dir="ltr">{r.tenantPhone}</bdi>
                        <span>{r.brokerName || '—'}</span>
                      </span>
                      <span className="block text-sm text-slate-700">
                        {formatDateAr(r.submittedAt)}
                      </span>
                      <SignalFlag signals={r.openSignals} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </section>
        <section
          ref={panel}
          tabIndex={-1}
          aria-label="الإحالة المختارة"
          className="scroll-mt-20 outline-none"
        >
          {current ? (
            <Card className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle>إحالة رقم {formatNumberAr(current.number)}</CardTitle>
                <Button onClick={() => setProcessing(true)}>معالجة</Button>
              </div>
              <div className="flex flex-wrap gap-2">
                <WhatsappLink phone={current.tenantPhone}>واتساب المستأجر</WhatsappLink>
                <CallLink phone={current.tenantPhone}>اتصال بالمستأجر</CallLink>
                {isRetiredPhone(current.brokerPhone) ? null : (
                  <WhatsappLink phone={current.brokerPhone}>واتساب الوسيط</WhatsappLink>
                )}
              </div>
              <ReferralDetails key={current.id} referral={current} />
            </Card>
          ) : (
            <EmptyState title="اختر إحالة لعرض تفاصيلها" />
          )}
        </section>
      </div>
      {processing && current ? (
        <ProcessReferralDialog referral={current} onClose={() => setProcessing(false)} />
      ) : null}
    </div>
  );
}
