import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminSettingsEndpoints, dormancyDaysValue } from '#contract/admin/settings';
import type { ResponseOf } from '#contract/common';
import { DORMANCY_DAYS, NUDGE_INTERVAL_DAYS } from '#domain';
import { callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { toast } from '#ui/toast';
import { DaysSettingForm, days } from './DaysSettingForm';

// ---------- the dormancy period's setting (decision 073) ----------

/** The console's key of the setting (the same as its settings' keys, admin/shared/keys.ts). */
const dormancyKey = [...rootKeys.admin, 'config', 'dormancy_days'] as const;

/** The dormancy period as set; null when never set (the default then holds). */
const dormancyQuery = () =>
  queryOptions({
    queryKey: dormancyKey,
    queryFn: () => callApi(adminSettingsEndpoints.get, { params: { key: 'dormancy_days' } }),
    staleTime: 0,
  });

type SettingSaved = ResponseOf<typeof adminSettingsEndpoints.set>;

/**
 * Sets the days without a referral after which an active broker is dormant (whole days, Latin
 * digits); then the console, whose brokers tab lists the dormant ones.
 */
function useSaveDormancy(callbacks: MutationCallbacks<SettingSaved, string> = {}) {
  return useMutation({
    mutationFn: (days: string) =>
      callApi(adminSettingsEndpoints.set, {
        body: {
          key: 'dormancy_days',
          value: days,
          description: 'عدد الأيام دون إحالة ليُعدّ الوسيط خاملاً',
        },
      }),
    ...refreshAfter(callbacks, rootKeys.admin),
  });
}

/**
 * The dormancy period (decision 073): how many days without a referral before an active broker
 * is dormant («خامل»): the brokers tab lists them, and the team may remind each once a month.
 * Super-admins only; changing it is audited.
 */
export function DormancyCard() {
  const setting = useQuery(dormancyQuery());
  const save = useSaveDormancy({
    onSuccess: (_saved, value) => {
      toast({ title: 'حُفظت مدة الخمول', description: days(Number(value)) });
    },
  });
  return (
    <Card className="space-y-4">
      <section aria-labelledby="dormancy-days" className="space-y-4">
        <CardTitle id="dormancy-days">مدة الخمول</CardTitle>
        <p className="text-sm text-slate-700">
          عدد الأيام دون إحالة ليُعدّ الوسيط خاملاً. يظهر الخاملون في تبويب الوسطاء بتصفية «خاملون»،
          ويمكن للفريق تذكير كل منهم مرة كل {days(NUDGE_INTERVAL_DAYS)}.
        </p>
        <QueryView
          query={setting}
          loading={<Skeleton className="h-8" />}
          errorFallback="تعذر تحميل مدة الخمول"
        >
          {({ value }) => {
            const current = Number(value ?? DORMANCY_DAYS.default) || DORMANCY_DAYS.default;
            return (
              <p>
                المدة الحالية: <strong>{days(current)}</strong>
                {value === null ? (
                  <span className="text-sm text-slate-700"> (المدة الافتراضية)</span>
                ) : null}
              </p>
            );
          }}
        </QueryView>
        <DaysSettingForm
          label="مدة الخمول (يوم)"
          bounds={DORMANCY_DAYS}
          value={dormancyDaysValue}
          submit="حفظ مدة الخمول"
          failure="تعذر حفظ مدة الخمول"
          save={save}
        />
      </section>
    </Card>
  );
}
