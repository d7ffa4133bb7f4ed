import { useQuery } from '@tanstack/react-query';
import { MessageCircle, Phone } from 'lucide-react';
import { useRef, useState } from 'react';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import {
  arabicCount,
  formatDateAr,
  formatNumberAr,
  isRetiredPhone,
  NOUNS,
  telHref,
  whatsappHref,
} from '#domain';
import { cn } from '#lib/cn';
import { useListParams, useSettledText } from '#lib/use-list-params';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Input } from '#ui/input';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { ReferralStatusBadge } from '#ui/status-badge';
import { type AdminReferral, adminReferralsQuery } from './api';
import { ProcessReferralDialog } from './ProcessReferralDialog';
import { ReferralDetails } from './ReferralDetailsDialog';

const SEARCH_AND_PAGE = adminReferralEndpoints.list.query.pick({ search: true, page: true });

/**
 * The admin view of /referrals: every referral, searched by phone, broker name or code or
 * referral id; the chosen one with its contact actions, details and confidential tenant data.
 */
export function AdminReferralsOverviewPage() {
  // The search and the page, in the URL (`?search=…&page=2`).
  const { values, set, raw } = useListParams(SEARCH_AND_PAGE);
  const [search, setSearch] = useSettledText(raw('search'), (term) =>
    set({ search: term || undefined }, { replace: true }),
  );
  const { page } = values;
  const [selected, setSelected] = useState<AdminReferral | null>(null);
  const [processing, setProcessing] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const list = useQuery(adminReferralsQuery({ page, search: values.search }));
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
      <Input
        type="search"
        aria-label="البحث بالجوال أو اسم الوسيط أو رمزه أو رقم الإحالة"
        placeholder="ابحث بالجوال أو اسم الوسيط أو رمزه أو رقم الإحالة"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="الإحالات" className="space-y-3">
          {data ? (
            <p className="text-sm text-slate-700">{arabicCount(data.total, NOUNS.referral)}</p>
          ) : null}
          <QueryView
            query={list}
            loading={<Skeleton className="h-64" />}
            isEmpty={(result) => result.items.length === 0}
            empty={<EmptyState title="لا توجد إحالات مطابقة" />}
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
                      <span className="block text-sm">
                        <bdi dir="ltr">{r.tenantPhone}</bdi> · {r.brokerName || '—'}
                      </span>
                      <span className="block text-sm text-slate-700">
                        {formatDateAr(r.submittedAt)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
          <Pagination
            label="صفحات الإحالات"
            page={page}
            of={data}
            onPage={(next) => set({ page: next })}
          />
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
                <a
                  href={whatsappHref(current.tenantPhone)}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonClasses('outline')}
                >
                  <MessageCircle aria-hidden="true" className="size-4" />
                  واتساب المستأجر
                </a>
                <a href={telHref(current.tenantPhone)} className={buttonClasses('outline')}>
                  <Phone aria-hidden="true" className="size-4" />
                  اتصال بالمستأجر
                </a>
                {isRetiredPhone(current.brokerPhone) ? null : (
                  <a
                    href={whatsappHref(current.brokerPhone)}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonClasses('outline')}
                  >
                    <MessageCircle aria-hidden="true" className="size-4" />
                    واتساب الوسيط
                  </a>
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
