import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  arabicCount,
  cityLabel,
  formatDateAr,
  formatDayMonthAr,
  formatMonthAr,
  formatNumberAr,
  formatPercentAr,
  formatSar,
  NOUNS,
  REFERRAL_STATUSES,
  referralSourceLabel,
} from '#domain';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { type Analytics, analyticsQuery } from './api';
import { DateFilter } from './DateFilter';

const STAGES: Record<string, string> = {
  submitted: 'أُرسلت',
  completed: 'اكتملت بياناتها',
  accepted: 'قُبلت',
  signed: 'وُقّع عقدها',
};

const STATUS_COLOURS: Record<string, string> = {
  pending_completion: '#94a3b8',
  under_review: '#0ea5e9',
  accepted_awaiting_owner_contract: '#6366f1',
  preparing_tenant_contract: '#a855f7',
  contract_signed: '#0f766e',
  commission_added: '#15803d',
  rejected: '#dc2626',
  cancelled: '#78716c',
};

const count = (value: unknown) => formatNumberAr(Number(value));
const riyals = (value: unknown) => formatSar(Number(value));

/** Charts read right to left: the first week or month sits at the right, the axis on the right. */
const axisProps = { tick: { fontSize: 12, fill: '#334155' } } as const;
/**
 * The value axis on the right. Its labels are Arabic text, laid out right to left: anchored at
 * their end, they run from the axis line outwards instead of over it, so «٠ ر.س» shows whole.
 */
const valueAxisProps = {
  orientation: 'right',
  tick: { fontSize: 12, fill: '#334155', textAnchor: 'end' },
} as const;

/** The series' colours and names, as HTML under the chart: spaced swatches, dark text. */
function ChartLegend({ items }: { items: { key: string; name: string; colour: string }[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 pt-2 text-sm text-slate-800">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-3 shrink-0 rounded-sm"
            style={{ backgroundColor: item.colour }}
          />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

function WeeklyChart({ data }: { data: Analytics['referralsPerWeek'] }) {
  const weeks = [...new Set(data.map((row) => row.week))];
  const statuses = REFERRAL_STATUSES.filter((s) => data.some((row) => row.status === s.key));
  const rows = weeks.map((week) => ({
    week: formatDayMonthAr(week),
    ...Object.fromEntries(
      data.filter((row) => row.week === week).map((row) => [row.status, row.count]),
    ),
  }));
  return (
    <>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" reversed {...axisProps} />
          <YAxis allowDecimals={false} width={48} tickFormatter={count} {...valueAxisProps} />
          <Tooltip formatter={count} />
          {statuses.map((status) => (
            <Bar
              key={status.key}
              dataKey={status.key}
              name={status.label}
              stackId="week"
              fill={STATUS_COLOURS[status.key]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <ChartLegend
        items={statuses.map((status) => ({
          key: status.key,
          name: status.label,
          colour: STATUS_COLOURS[status.key] ?? '#94a3b8',
        }))}
      />
    </>
  );
}

const PAID = '#15803d';
const UNPAID = '#f59e0b';

function MonthlyChart({ data }: { data: Analytics['commissionsPerMonth'] }) {
  const rows = data.map((row) => ({
    month: formatMonthAr(row.month),
    paid: Number(row.paid),
    pending: Number(row.pending),
  }));
  return (
    <>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" reversed {...axisProps} />
          <YAxis width={90} tickFormatter={riyals} {...valueAxisProps} />
          <Tooltip formatter={riyals} />
          <Bar dataKey="paid" name="مدفوعة" fill={PAID} />
          <Bar dataKey="pending" name="غير مدفوعة" fill={UNPAID} />
        </BarChart>
      </ResponsiveContainer>
      <ChartLegend
        items={[
          { key: 'paid', name: 'مدفوعة', colour: PAID },
          { key: 'pending', name: 'غير مدفوعة', colour: UNPAID },
        ]}
      />
    </>
  );
}

/** The analytics tab: how referrals move, what they earn, where they come from, who brings them. */
export default function AdminAnalyticsTab() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const analytics = useQuery(analyticsQuery({ from: from || undefined, to: to || undefined }));
  const cityTotal = analytics.data?.referralsByCity.reduce((sum, row) => sum + row.count, 0) ?? 0;

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-3xl">
        <DateFilter label="من تاريخ" value={from} onChange={setFrom} />
        <DateFilter label="إلى تاريخ" value={to} onChange={setTo} />
      </div>
      <QueryView
        query={analytics}
        loading={<Skeleton className="h-80" />}
        errorFallback="تعذر تحميل التحليلات"
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-700">
              الفترة من {formatDateAr(data.range.from)} إلى {formatDateAr(data.range.to)}
            </p>
            <Card className="space-y-3">
              <CardTitle>مسار الإحالات من الإرسال إلى توقيع العقد</CardTitle>
              {(data.funnel[0]?.count ?? 0) === 0 ? (
                <p className="text-sm text-slate-700">
                  لا توجد إحالات في هذه الفترة. حين تصل إحالات يظهر هنا كم منها اكتملت بياناته وقُبل
                  ووُقّع عقده.
                </p>
              ) : (
                <ol className="space-y-3">
                  {data.funnel.map((stage) => (
                    <li key={stage.stage} className="space-y-1">
                      <div className="flex flex-wrap justify-between gap-2 text-sm">
                        <span className="font-medium">{STAGES[stage.stage]}</span>
                        <span className="flex flex-wrap gap-x-4">
                          <span>{arabicCount(stage.count, NOUNS.referral)}</span>
                          {stage.stage === 'submitted' ? null : (
                            <>
                              <span>
                                {formatPercentAr(stage.ofPrevious * 100)} من المرحلة السابقة
                              </span>
                              <span>{formatPercentAr(stage.ofSubmitted * 100)} من المُرسلة</span>
                            </>
                          )}
                        </span>
                      </div>
                      <div className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                        <div
                          className="h-3 rounded-full bg-brand-700"
                          style={{ inlineSize: `${Math.round(stage.ofSubmitted * 100)}%` }}
                        />
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <div className="grid gap-5 xl:grid-cols-2">
              <Card className="space-y-3">
                <CardTitle>الإحالات أسبوعياً حسب الحالة</CardTitle>
                {data.referralsPerWeek.length === 0 ? (
                  <p className="text-sm text-slate-700">لا توجد إحالات في هذه الفترة.</p>
                ) : (
                  <figure aria-label="مخطط الإحالات أسبوعياً حسب الحالة">
                    <WeeklyChart data={data.referralsPerWeek} />
                  </figure>
                )}
              </Card>
              <Card className="space-y-3">
                <CardTitle>العمولات شهرياً</CardTitle>
                {data.commissionsPerMonth.length === 0 ? (
                  <p className="text-sm text-slate-700">لا توجد عمولات في هذه الفترة.</p>
                ) : (
                  <figure aria-label="مخطط العمولات المدفوعة وغير المدفوعة شهرياً">
                    <MonthlyChart data={data.commissionsPerMonth} />
                  </figure>
                )}
              </Card>
            </div>
            <div className="grid gap-5 xl:grid-cols-2">
              <Card className="space-y-3">
                <CardTitle>الإحالات حسب المدينة</CardTitle>
                {cityTotal === 0 ? (
                  <p className="text-sm text-slate-700">
                    لا توجد إحالات في هذه الفترة. تظهر هنا المدن التي جاءت منها الإحالات.
                  </p>
                ) : (
                  <ul className="space-y-2">
                    {data.referralsByCity.map((row) => (
                      <li key={row.city ?? 'none'} className="space-y-1 text-sm">
                        <div className="flex justify-between">
                          <span>{row.city ? cityLabel(row.city) : 'غير محددة'}</span>
                          <span>{formatNumberAr(row.count)}</span>
                        </div>
                        <div className="h-2 rounded-full bg-slate-100" aria-hidden="true">
                          <div
                            className="h-2 rounded-full bg-sky-600"
                            style={{ inlineSize: `${Math.round((row.count / cityTotal) * 100)}%` }}
                          />
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card className="space-y-3">
                <CardTitle>الإحالات حسب المصدر</CardTitle>
                {data.referralsBySource.every((row) => row.referrals === 0) ? (
                  <p className="text-sm text-slate-700">
                    لا توجد إحالات في هذه الفترة. يظهر هنا ما جاء من إدخال الوسيط ومن رابطه ومن رمز
                    الاستجابة السريعة.
                  </p>
                ) : (
                  <div className="overflow-x-auto">
                    <table className="w-full text-sm">
                      <caption className="sr-only">الإحالات حسب المصدر</caption>
                      <thead>
                        <tr className="text-start text-slate-700">
                          <th scope="col" className="p-2 text-start">
                            المصدر
                          </th>
                          <th scope="col" className="p-2 text-start">
                            الإحالات
                          </th>
                          <th scope="col" className="p-2 text-start">
                            نماذج مكتملة
                          </th>
                          <th scope="col" className="p-2 text-start">
                            عقود موقعة
                          </th>
                          <th scope="col" className="p-2 text-start">
                            العمولات
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.referralsBySource.map((row) => (
                          <tr key={row.source} className="border-t border-slate-100">
                            <th scope="row" className="p-2 text-start font-medium">
                              {referralSourceLabel(row.source)}
                            </th>
                            <td className="p-2">{formatNumberAr(row.referrals)}</td>
                            <td className="p-2">{formatNumberAr(row.completed)}</td>
                            <td className="p-2">{formatNumberAr(row.signed)}</td>
                            <td className="p-2 whitespace-nowrap">{formatSar(row.commissions)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Card>
              <Card className="space-y-3">
                <CardTitle>أكثر الوسطاء إحالةً</CardTitle>
                {data.topBrokers.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    لا توجد إحالات في هذه الفترة. يظهر هنا الوسطاء الأكثر إحالةً حين تصل إحالاتهم.
                  </p>
                ) : (
                  <div className="overflow-x-auto">
                    <table className="w-full text-sm">
                      <thead>
                        <tr className="text-slate-700">
                          <th className="py-2 text-start font-medium">الوسيط</th>
                          <th className="py-2 text-start font-medium">الإحالات</th>
                          <th className="py-2 text-start font-medium">العقود الموقعة</th>
                          <th className="py-2 text-start font-medium">العمولات</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.topBrokers.map((broker) => (
                          <tr key={broker.id} className="border-t border-slate-100">
                            <td className="py-2">
                              {broker.fullName || '—'}{' '}
                              {/* One left-to-right token, never split at its hyphen. */}
                              <bdi dir="ltr" className="whitespace-nowrap text-slate-700">
                                {broker.brokerCode}
                              </bdi>
                            </td>
                            <td className="py-2">{formatNumberAr(broker.referrals)}</td>
                            <td className="py-2">{formatNumberAr(broker.signed)}</td>
                            <td className="py-2">{formatSar(broker.commissions)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Card>
            </div>
          </>
        )}
      </QueryView>
    </div>
  );
}
