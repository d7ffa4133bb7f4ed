import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import {
  arabicCount,
  type CountedNoun,
  formatDateAr,
  formatDayMonthAr,
  formatNumberAr,
  formatSar,
  NOUNS,
  referralStatusWithEmoji,
} from '#domain';
import { Badge } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { errorToast, toast } from '#ui/toast';
import { useActivateBroker } from '../brokers';
import { type Operations, useOperations } from './api';

/** The week with the most referrals, for the bars' scale (at least 1: no division by zero). */
const busiest = (data: Operations) => Math.max(1, ...data.referralsPerWeek.map((w) => w.count));

const STAGE_LABELS: Record<Operations['serviceBreaches'][number]['stage'], string> = {
  under_review: 'المراجعة والتواصل مع المستأجر (يوما عمل)',
  accepted_awaiting_owner_contract: 'عقد المالك (٥ أيام عمل)',
  preparing_tenant_contract: 'عقد المستأجر (٣ أيام عمل)',
  commission_payment: 'تحويل العمولة (٣ أيام عمل)',
};

/** What each stage counts: referrals waiting in it, or payable commissions for the last. */
const STAGE_NOUNS: Record<Operations['serviceBreaches'][number]['stage'], CountedNoun> = {
  under_review: NOUNS.referral,
  accepted_awaiting_owner_contract: NOUNS.referral,
  preparing_tenant_contract: NOUNS.referral,
  commission_payment: NOUNS.commission,
};

/**
 * The service promises, measured in Saudi working time: per stage, how many wait in it and
 * how many are past its deadline. A stage nobody waits in says so; none past the deadline is
 * not a figure («متأخرة: ٠») but the words «ضمن المهلة».
 */
function ServiceBreaches({ stages }: { stages: Operations['serviceBreaches'] }) {
  const waiting = stages.some((s) => s.open > 0);
  return (
    <Card className="space-y-3">
      <CardTitle>مهلة الخدمة</CardTitle>
      <p className="text-sm text-slate-700">
        تُحسب بساعات العمل: من الأحد إلى الخميس، ٨ صباحاً إلى ٥ مساءً بتوقيت الرياض، دون العطل الرسمية.
      </p>
      {waiting ? (
        <ul className="space-y-2">
          {stages.map((s) => (
            <li key={s.stage} className="flex flex-wrap items-center justify-between gap-2">
              <span>{STAGE_LABELS[s.stage]}</span>
              {s.open === 0 ? (
                <span className="text-sm text-slate-700">لا شيء في هذه المرحلة</span>
              ) : s.overdue > 0 ? (
                <span className="flex items-center gap-2">
                  <Badge tone="danger">متأخرة: {formatNumberAr(s.overdue)}</Badge>
                  <span className="text-sm text-slate-700">من {formatNumberAr(s.open)}</span>
                </span>
              ) : (
                <span className="text-sm text-slate-700">
                  {arabicCount(s.open, STAGE_NOUNS[s.stage])} ضمن المهلة
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">
          لا توجد إحالات ولا عمولات تنتظر في مراحل المهلة الآن. حين تصل إحالة إلى المراجعة يظهر هنا
          كم منها ضمن المهلة وكم تأخر.
        </p>
      )}
      <Link to="/admin?tab=referrals" className={buttonClasses('outline')}>
        الإحالات
      </Link>
    </Card>
  );
}

/**
 * The open signals, where the team decides: how many hold money or wait for a decision, one
 * tap from «التنبيهات».
 */
function OpenSignals({ count }: { count: number }) {
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>التنبيهات المفتوحة</CardTitle>
        {count > 0 ? <Badge tone="danger">{formatNumberAr(count)}</Badge> : null}
      </div>
      {count > 0 ? (
        <p className="flex items-start gap-1.5 text-sm text-red-800">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {arabicCount(count, NOUNS.signal)} بانتظار قرار. ما يوقفه تنبيه من مال لا يُصرف حتى
            يُعالَج.
          </span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          لا توجد تنبيهات مفتوحة. يظهر هنا ما يلاحظه النظام على إحالة أو حساب، مثل جوال مستأجر هو
          جوال الوسيط أو آيبان مسجل لوسيطين.
        </p>
      )}
      <Link to="/admin?tab=signals" className={buttonClasses('outline')}>
        تبويب التنبيهات
      </Link>
    </Card>
  );
}

/** The admin view of /dashboard: the figures, and what waits for the team today. */
export function AdminDashboardPage() {
  const operations = useOperations();
  const activate = useActivateBroker({
    onSuccess: () => toast({ title: 'تم تفعيل الحساب' }),
    onError: errorToast('خطأ', 'حدث خطأ في تفعيل الحساب'),
  });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">لوحة العمليات</h1>
      <QueryView
        query={operations}
        loading={
          <>
            <section aria-label="ملخص المنصة" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {[1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </section>
            <Skeleton className="h-64" />
          </>
        }
      >
        {(data) => (
          <>
            <section aria-label="ملخص المنصة" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatTile label="إجمالي الوسطاء" value={formatNumberAr(data.summary.totalBrokers)} />
              <StatTile
                label="الوسطاء المفعلون"
                value={formatNumberAr(data.summary.activeBrokers)}
              />
              <StatTile
                label="إجمالي الإحالات"
                value={
                  data.summary.totalReferrals > 0
                    ? formatNumberAr(data.summary.totalReferrals)
                    : 'لا إحالات بعد'
                }
              />
              <StatTile
                label="إجمالي العمولات"
                value={
                  Number(data.summary.totalCommissions) > 0
                    ? formatSar(data.summary.totalCommissions)
                    : 'لا عمولات بعد'
                }
              />
            </section>
            <div className="grid gap-5 xl:grid-cols-2">
              <OpenSignals count={data.openSignals} />
              <Card className="space-y-3">
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>إحالات بانتظار المراجعة</CardTitle>
                  {data.awaitingReview.total > 0 ? (
                    <Badge tone="warning">{formatNumberAr(data.awaitingReview.total)}</Badge>
                  ) : null}
                </div>
                {data.awaitingReview.items.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    لا توجد إحالات بانتظار المراجعة. تصل الإحالة إلى هنا حين يرسل المستأجر بياناته.
                  </p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {data.awaitingReview.items.map((r) => (
                      <li key={r.id} className="space-y-1 py-3 text-sm">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <span className="font-bold">إحالة رقم {formatNumberAr(r.number)}</span>
                          <span>{referralStatusWithEmoji(r.status)}</span>
                        </div>
                        <p className="flex flex-wrap gap-x-4">
                          <span>
                            المستأجر <bdi dir="ltr">{r.tenantPhone}</bdi>
                          </span>
                          <span>الوسيط {r.brokerName || '—'}</span>
                        </p>
                        <p className="flex flex-wrap gap-x-4 text-slate-700">
                          <span>{formatDateAr(r.submittedAt)}</span>
                          {r.tenantDataReceived ? <span>وصلت بيانات المستأجر</span> : null}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
                <Link to="/referrals" className={buttonClasses('outline')}>
                  مراجعة الإحالات
                </Link>
              </Card>
              <Card className="space-y-3">
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>طلبات التفعيل</CardTitle>
                  {data.activationRequests.total > 0 ? (
                    <Badge tone="warning">{formatNumberAr(data.activationRequests.total)}</Badge>
                  ) : null}
                </div>
                {data.activationRequests.items.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    لا توجد طلبات تفعيل. يظهر هنا كل وسيط أكمل ملفه وطلب تفعيل حسابه.
                  </p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {data.activationRequests.items.map((b) => (
                      <li
                        key={b.id}
                        className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                      >
                        <div>
                          <p className="font-bold">{b.fullName || 'بدون اسم'}</p>
                          <p className="flex flex-wrap gap-x-4 text-slate-700">
                            <bdi dir="ltr">{b.phone}</bdi>
                            <bdi dir="ltr">{b.brokerCode}</bdi>
                            {b.activationRequestedAt ? (
                              <span>{formatDateAr(b.activationRequestedAt)}</span>
                            ) : null}
                          </p>
                        </div>
                        <Button
                          aria-label={`تفعيل ${b.fullName || 'وسيط بدون اسم'} ${b.phone}`}
                          disabled={activate.isPending}
                          onClick={() => activate.mutate(b.id)}
                        >
                          تفعيل
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                <Link to="/admin?tab=brokers" className={buttonClasses('outline')}>
                  جميع الوسطاء
                </Link>
              </Card>
              <ServiceBreaches stages={data.serviceBreaches} />
              <Card className="space-y-3">
                <CardTitle>طلبات التحويل المفتوحة</CardTitle>
                {data.unsettledPayouts.count > 0 ? (
                  <p className="text-lg">
                    <strong>{arabicCount(data.unsettledPayouts.count, NOUNS.request)}</strong>{' '}
                    بإجمالي <strong>{formatSar(data.unsettledPayouts.amount)}</strong>
                  </p>
                ) : (
                  <p className="text-sm text-slate-700">
                    لا توجد طلبات تحويل مفتوحة. يظهر هنا كل طلب أو دفعة حتى تُدفع.
                  </p>
                )}
                <Link to="/admin?tab=commissions" className={buttonClasses('outline')}>
                  معالجة طلبات التحويل
                </Link>
              </Card>
              <Card className="space-y-3">
                <CardTitle>الإحالات أسبوعياً</CardTitle>
                {data.referralsPerWeek.length === 0 ? (
                  <p className="text-sm text-slate-700">لا توجد إحالات في آخر ثمانية أسابيع.</p>
                ) : (
                  <ul className="space-y-2">
                    {data.referralsPerWeek.map((w) => (
                      <li
                        key={w.week}
                        className="grid grid-cols-[6rem_1fr_3rem] items-center gap-2"
                      >
                        <span className="text-sm">أسبوع {formatDayMonthAr(w.week)}</span>
                        <div className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                          <div
                            className="h-3 rounded-full bg-brand-700"
                            style={{
                              inlineSize: `${Math.round((w.count / busiest(data)) * 100)}%`,
                            }}
                          />
                        </div>
                        <span className="text-sm font-bold">{formatNumberAr(w.count)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </div>
          </>
        )}
      </QueryView>
    </div>
  );
}
