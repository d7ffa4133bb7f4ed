import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { referralEndpoints } from '#contract/referrals';
import {
  arabicCount,
  cityLabel,
  formatDateAr,
  formatNumberAr,
  formatSar,
  NOUNS,
  promotionConditionAr,
  ruleSummaryAr,
} from '#domain';
import { callApi } from '#lib/api';
import { cn } from '#lib/cn';
import { rootKeys } from '#lib/query-keys';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';

/** Where the broker stands: read once a page, it changes with a signed contract. */
const standingQuery = () =>
  queryOptions({
    queryKey: [...rootKeys.dashboard, 'standing'] as const,
    queryFn: () => callApi(referralEndpoints.standing),
  });

/**
 * «مكانك في البرنامج» on both dashboards (issue 34 item 5): the broker's group and the rule they
 * earn by, what the next group needs with the contracts counted toward it, and this month's
 * ranking of their city's brokers by contracts signed (others by initials unless the program
 * names them). `profilePath` is the app's own profile page, for a broker with no city.
 */
export function StandingCard({ profilePath }: { profilePath: string }) {
  const standing = useQuery(standingQuery());
  return (
    <Card className="space-y-4">
      <section aria-labelledby="standing-title" className="space-y-4">
        <CardTitle id="standing-title">مكانك في البرنامج</CardTitle>
        <QueryView
          query={standing}
          loading={<Skeleton className="h-24" />}
          errorFallback="تعذر تحميل مكانك في البرنامج"
        >
          {({ group, next, bonuses, board }) => (
            <>
              {group ? (
                <div className="space-y-1">
                  <p>
                    مجموعتك: <strong>{group.name}</strong>
                  </p>
                  <p className="text-sm text-slate-700">عمولتك: {ruleSummaryAr(group)}</p>
                </div>
              ) : null}
              {next ? (
                <div className="space-y-2">
                  <p className="text-sm">
                    للانتقال إلى مجموعة «{next.groupName}»:{' '}
                    {promotionConditionAr(next.signedContracts, next.withinDays)}
                  </p>
                  <Progress
                    label={`التقدم نحو مجموعة ${next.groupName}`}
                    counted={next.counted}
                    target={next.signedContracts}
                  />
                </div>
              ) : null}
              {bonuses.map((bonus) => (
                <div key={bonus.name} className="space-y-2">
                  <p className="text-sm">
                    مكافأة «{bonus.name}»: {formatSar(bonus.amount)} عند توقيع{' '}
                    {arabicCount(bonus.signedContracts, NOUNS.contract)} حتى{' '}
                    {formatDateAr(bonus.endsOn)}
                  </p>
                  {bonus.reached ? (
                    <p className="text-sm font-bold text-emerald-800">حققتها، وأُضيفت إلى عمولاتك</p>
                  ) : (
                    <Progress
                      label={`التقدم نحو مكافأة ${bonus.name}`}
                      counted={bonus.counted}
                      target={bonus.signedContracts}
                    />
                  )}
                </div>
              ))}
              {board ? (
                <div className="space-y-2">
                  <p>
                    ترتيبك هذا الشهر بين وسطاء {cityLabel(board.city)}:{' '}
                    <strong>
                      {formatNumberAr(board.me.rank)} من {formatNumberAr(board.brokers)}
                    </strong>
                  </p>
                  <ol aria-label="ترتيب هذا الشهر" className="divide-y divide-slate-100 text-sm">
                    {board.entries.map((entry) => (
                      <li
                        key={`${entry.rank}-${entry.name}`}
                        className={cn(
                          'flex min-h-11 items-center justify-between gap-3 px-2',
                          entry.me && 'rounded-md bg-emerald-50 font-bold',
                        )}
                      >
                        <span className="flex min-w-0 gap-2">
                          <span className="text-slate-700">{formatNumberAr(entry.rank)}.</span>
                          <span className="min-w-0 break-words">{entry.name}</span>
                        </span>
                        <span className="shrink-0">
                          {arabicCount(entry.contracts, NOUNS.contract)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              ) : (
                <p className="text-sm text-slate-700">
                  <Link to={profilePath} className="font-bold text-emerald-800 underline">
                    أضف مدينتك في ملفك الشخصي
                  </Link>{' '}
                  لترى ترتيبك بين وسطاء مدينتك هذا الشهر.
                </p>
              )}
            </>
          )}
        </QueryView>
      </section>
    </Card>
  );
}

/** A bar of the contracts counted toward a target, read out as «٢ من ٥», and the same in words. */
function Progress({ label, counted, target }: { label: string; counted: number; target: number }) {
  const shown = Math.min(counted, target);
  return (
    <>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={shown}
        aria-valuetext={`${formatNumberAr(counted)} من ${formatNumberAr(target)}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-emerald-600"
          style={{ inlineSize: `${Math.min(100, Math.round((shown / target) * 100))}%` }}
        />
      </div>
      <p className="text-sm text-slate-700">
        وقّعت {arabicCount(counted, NOUNS.contract)} من {formatNumberAr(target)}
      </p>
    </>
  );
}
