import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  arabicCount,
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  DATA_REQUEST_STATUSES,
  type DataRequestStatus,
  formatDateAr,
  formatNumberAr,
  formatSar,
  inGenitive,
  NOUNS,
} from '#domain';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { ConfirmDialog } from '#ui/dialog';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { ReasonDialog } from '../shared';
import {
  type AdminDataRequest,
  type DataRequestAnswer,
  dataRequestsQuery,
  useAnswerDataRequest,
} from './api';

const FILTERS = [
  ...DATA_REQUEST_STATUSES.map((status) => ({
    value: status,
    label: DATA_REQUEST_STATUS_LABELS[status],
  })),
  { value: 'all', label: 'جميع الطلبات' },
];
const TONES: Record<DataRequestStatus, BadgeTone> = {
  open: 'warning',
  done: 'success',
  refused: 'neutral',
};
const DONE: Record<DataRequestAnswer['answer'], string> = {
  correct: 'صُحّحت بيانات المستأجر',
  erase: 'حُذفت بيانات المستأجر',
  refuse: 'رُفض الطلب',
};

/** The 30-day clock in words: days left (amber in the last week), or days overdue in red. */
function Clock({ daysLeft }: { daysLeft: number }) {
  if (daysLeft < 0) {
    return (
      <Badge tone="danger">
        متأخر {arabicCount(-daysLeft, inGenitive(NOUNS.day))} عن مهلة الثلاثين يوماً
      </Badge>
    );
  }
  return (
    <Badge tone={daysLeft <= 7 ? 'warning' : 'neutral'}>
      بقي {arabicCount(daysLeft, NOUNS.day)} للرد
    </Badge>
  );
}

function Correction({ request }: { request: AdminDataRequest }) {
  const { correction, current } = request;
  if (!correction) return null;
  const rows = [
    { label: 'الاسم', now: current?.name, asked: correction.name },
    {
      label: 'الدخل الشهري',
      now: current ? formatSar(current.income) : undefined,
      asked: correction.income === undefined ? undefined : formatSar(correction.income),
    },
    {
      label: 'الالتزامات الشهرية',
      now: current ? formatSar(current.monthlyObligations) : undefined,
      asked:
        correction.monthlyObligations === undefined
          ? undefined
          : formatSar(correction.monthlyObligations),
    },
  ].filter((row) => row.asked !== undefined);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-700">{row.label}</dt>
          <dd>
            {row.now ?? '—'} ← <strong>{row.asked}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RequestCard({
  request,
  onAnswer,
}: {
  request: AdminDataRequest;
  onAnswer: (answer: 'correct' | 'erase' | 'refuse') => void;
}) {
  return (
    <li>
      <Card className="space-y-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-bold">{DATA_REQUEST_KIND_LABELS[request.kind]}</span>
          <Badge tone={TONES[request.status]}>{DATA_REQUEST_STATUS_LABELS[request.status]}</Badge>
        </div>
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
          {request.referralNumber !== null ? (
            <span>الإحالة رقم {formatNumberAr(request.referralNumber)}</span>
          ) : null}
          <span>وصل في {formatDateAr(request.createdAt)}</span>
          <span>آخر موعد للرد {formatDateAr(request.dueAt)}</span>
        </p>
        {request.daysLeft !== null ? <Clock daysLeft={request.daysLeft} /> : null}
        <Correction request={request} />
        {request.note ? <p className="text-sm">كلمة المستأجر: {request.note}</p> : null}
        {request.resolution ? <p className="text-sm">سبب الرفض: {request.resolution}</p> : null}
        {request.status === 'open' ? (
          <div className="flex flex-wrap gap-2">
            {request.kind === 'correction' ? (
              <Button onClick={() => onAnswer('correct')}>تطبيق التصحيح</Button>
            ) : (
              <Button variant="destructive" onClick={() => onAnswer('erase')}>
                حذف بيانات المستأجر
              </Button>
            )}
            <Button variant="outline" onClick={() => onAnswer('refuse')}>
              رفض الطلب
            </Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/**
 * Tenants' requests about their data (decision 068): open ones first by deadline, each with the
 * 30-day clock; a correction applied, an erasure done, or a refusal with the reason the tenant
 * reads, in one step each.
 */
export function AdminDataRequestsTab() {
  const [status, setStatus] = useState<DataRequestStatus | 'all'>('open');
  const [answering, setAnswering] = useState<{
    id: string;
    answer: 'correct' | 'erase' | 'refuse';
  } | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery(dataRequestsQuery(status === 'all' ? undefined : status));
  const answer = useAnswerDataRequest({
    onSuccess: (_, sent) => {
      toast({ title: DONE[sent.answer] });
      setAnswering(null);
      setReason('');
    },
    onError: errorToast('تعذر حفظ الرد', 'يرجى المحاولة مرة أخرى'),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        طلبات المستأجرين بشأن بياناتهم عبر روابطهم. يلزم الرد على كل طلب خلال ثلاثين يوماً من وصوله،
        وحذف البيانات يُبقي ما تحتاجه السجلات المالية فقط.
      </p>
      <div className="max-w-xs">
        <Select
          aria-label="تصفية طلبات البيانات"
          value={status}
          onValueChange={(value) => setStatus(value as DataRequestStatus | 'all')}
          options={FILTERS}
        />
      </div>
      <QueryView
        query={list}
        loading={<Skeleton className="h-40" />}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-slate-700">لا توجد طلبات مطابقة</p>}
        errorFallback="تعذر تحميل طلبات البيانات"
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.items.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                onAnswer={(next) => setAnswering({ id: request.id, answer: next })}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {answering?.answer === 'refuse' ? (
        <ReasonDialog
          title="رفض الطلب"
          label="سبب الرفض (يقرؤه المستأجر)"
          confirmLabel="تأكيد الرفض"
          reason={reason}
          onReasonChange={setReason}
          pending={answer.isPending}
          onClose={() => setAnswering(null)}
          onConfirm={() => answer.mutate({ id: answering.id, answer: 'refuse', reason })}
        />
      ) : answering ? (
        <ConfirmDialog
          title={answering.answer === 'erase' ? 'حذف بيانات المستأجر' : 'تطبيق التصحيح'}
          description={
            answering.answer === 'erase'
              ? 'تُحذف بيانات المستأجر ومستنداته ورقم جواله نهائياً، ويُلغى طلبه إن كان مفتوحاً، وتبقى الإحالة ومبالغها في السجلات المالية.'
              : 'تُستبدل بيانات المستأجر بما طلبه، ويُسجَّل ما قبلها وما بعدها في سجل التدقيق.'
          }
          confirmLabel={answering.answer === 'erase' ? 'حذف البيانات' : 'تطبيق التصحيح'}
          pendingLabel="جاري الحفظ..."
          variant={answering.answer === 'erase' ? 'destructive' : 'default'}
          pending={answer.isPending}
          onClose={() => setAnswering(null)}
          onConfirm={() =>
            answer.mutate({ id: answering.id, answer: answering.answer as 'correct' | 'erase' })
          }
        />
      ) : null}
    </div>
  );
}
