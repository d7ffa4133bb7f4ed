import { useQuery } from '@tanstack/react-query';
import { PlusCircle } from 'lucide-react';
import { useState } from 'react';
import {
  DATA_INCIDENT_STATUSES,
  type DataIncidentStatus,
  formatNumberAr,
  NOUNS,
  SDAIA_DEADLINE_HOURS,
} from '#domain';
import { Button } from '#ui/button';
import { Skeleton } from '#ui/feedback';
import { NativeSelect } from '#ui/native-select';
import { ListTotal, PagedList } from '#ui/paged-list';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { dataIncidentsQuery } from './api';
import { IncidentCard } from './IncidentCard';
import { NewIncidentDialog } from './NewIncidentDialog';

const ALL = 'all';
const STATUS_FILTER = [
  { value: ALL, label: 'جميع الحوادث' },
  { value: 'open', label: 'المفتوحة' },
  { value: 'closed', label: 'المغلقة' },
] as const;
const isStatus = (value: string): value is DataIncidentStatus =>
  (DATA_INCIDENT_STATUSES as readonly string[]).includes(value);

/**
 * /data-incidents (super-admins): the breach register. Each personal-data incident with its
 * 72-hour clock to SDAIA, computed by the server; recorded, notified, closed, never deleted
 * (docs/operations.md, «The breach register»).
 */
export function DataIncidentsPage() {
  const [status, setStatus] = useState<DataIncidentStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const [recording, setRecording] = useState(false);
  const incidents = useQuery(dataIncidentsQuery({ page, ...(status === ALL ? {} : { status }) }));
  const hours = formatNumberAr(SDAIA_DEADLINE_HOURS);
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">سجل حوادث البيانات</h1>
        <Button onClick={() => setRecording(true)}>
          <PlusCircle aria-hidden="true" className="size-5" />
          تسجيل حادثة
        </Button>
      </div>
      <p className="text-slate-700">
        سجّل هنا كل حادثة تمس البيانات الشخصية فور العلم بها. إذا كانت الحادثة قد تضر بالبيانات أو
        بأصحابها فيجب إبلاغ الهيئة السعودية للبيانات والذكاء الاصطناعي (سدايا) خلال {hours} ساعة من
        اكتشافها، وإبلاغ أصحاب البيانات دون تأخير. لا تُحذف الحوادث من السجل.
      </p>
      <section aria-label="أعداد الحوادث" className="grid grid-cols-2 gap-3">
        {/* The list below shows this query's failure. */}
        <QueryView
          query={incidents}
          loading={[1, 2].map((i) => <Skeleton key={i} className="h-24" />)}
          quietOnError
        >
          {({ counts }) => (
            <>
              <StatTile label="الحوادث المفتوحة" value={formatNumberAr(counts.open)} />
              <StatTile
                label="المتأخرة عن مهلة الإبلاغ"
                value={
                  <span className={counts.overdue > 0 ? 'text-red-700' : undefined}>
                    {formatNumberAr(counts.overdue)}
                  </span>
                }
              />
            </>
          )}
        </QueryView>
      </section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="w-full sm:w-56">
          <NativeSelect
            aria-label="تصفية حسب الحالة"
            value={status}
            options={STATUS_FILTER}
            onChange={(e) => {
              setStatus(isStatus(e.target.value) ? e.target.value : ALL);
              setPage(1);
            }}
          />
        </div>
        <ListTotal of={incidents.data} noun={NOUNS.incident} />
      </div>
      <PagedList
        query={incidents}
        empty="لا توجد حوادث مسجلة"
        errorFallback="تعذر تحميل سجل الحوادث"
        pages={{ label: 'صفحات السجل', page, onPage: setPage }}
      >
        {(data) => (
          <ul className="space-y-4">
            {data.items.map((incident) => (
              <li key={incident.id}>
                <IncidentCard incident={incident} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <NewIncidentDialog open={recording} onOpenChange={setRecording} />
    </div>
  );
}
