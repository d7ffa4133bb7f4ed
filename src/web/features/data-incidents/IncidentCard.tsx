import { CheckCircle2, Clock, ShieldAlert } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  arabicCount,
  type DataIncidentClockState,
  dataIncidentCategoryLabel,
  dataIncidentClockText,
  dataIncidentStatusLabel,
  formatDateTimeAr,
  NOUNS,
  sdaiaNoticeLabel,
  subjectsNoticeLabel,
} from '#domain';
import { cn } from '#lib/cn';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { ConfirmDialog } from '#ui/dialog';
import { errorToast, toast } from '#ui/toast';
import { type DataIncident, useChangeDataIncident } from './api';
import { MeasuresDialog } from './MeasuresDialog';
import { type Audience, NoticeDialog } from './NoticeDialog';

/** Overdue is red; what still runs is blue, then amber in its last day; a settled clock green. */
const CLOCK_TONES: Record<DataIncidentClockState, string> = {
  on_time: 'border-sky-300 bg-sky-50 text-sky-900',
  due_soon: 'border-amber-400 bg-amber-50 text-amber-900',
  overdue: 'border-red-500 bg-red-50 text-red-800',
  notified_on_time: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  notified_late: 'border-amber-400 bg-amber-50 text-amber-900',
  not_required: 'border-slate-300 bg-slate-50 text-slate-800',
};

const PENDING: readonly DataIncidentClockState[] = ['on_time', 'due_soon', 'overdue'];

/** The 72-hour clock to SDAIA, first and large on the card. */
function SdaiaClock({ clock }: { clock: DataIncident['clock'] }) {
  const Icon =
    clock.state === 'overdue' ? ShieldAlert : PENDING.includes(clock.state) ? Clock : CheckCircle2;
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border-2 p-3', CLOCK_TONES[clock.state])}>
      <Icon aria-hidden="true" className="mt-1 size-6 shrink-0" />
      <div className="min-w-0 space-y-1">
        <p className="text-lg font-bold">{dataIncidentClockText(clock)}</p>
        <p className="text-sm">آخر موعد لإبلاغ سدايا: {formatDateTimeAr(clock.deadlineAt)}</p>
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** A notice as the register shows it: where it stands, and when it was given. */
const noticeText = (label: string, at: string | null) =>
  at ? `${label} في ${formatDateTimeAr(at)}` : label;

type Open = { dialog: 'notice'; audience: Audience } | { dialog: 'measures' | 'close' } | null;

/** One incident of the register: its clock, what is known, the notices, and what to do next. */
export function IncidentCard({ incident }: { incident: DataIncident }) {
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const change = useChangeDataIncident(incident.id, {
    onSuccess: (changed) => {
      close();
      toast({
        title: changed.status === 'closed' ? 'أُغلقت الحادثة' : 'أُعيد فتح الحادثة',
        description: incident.title,
      });
    },
    onError: errorToast('تعذر تغيير حالة الحادثة', 'يرجى المحاولة مرة أخرى'),
  });
  const isOpen = incident.status === 'open';
  const recorder = incident.recordedBy.fullName ?? <bdi dir="ltr">{incident.recordedBy.phone}</bdi>;
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <article aria-labelledby={titleId} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 break-words text-lg font-bold">
            {incident.title}
          </h2>
          <Badge tone={isOpen ? 'warning' : 'neutral'}>
            {dataIncidentStatusLabel(incident.status)}
          </Badge>
        </div>
        <SdaiaClock clock={incident.clock} />
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="وقت الاكتشاف">{formatDateTimeAr(incident.discoveredAt)}</Detail>
          <Detail label="وقت الوقوع">
            {incident.occurredAt ? formatDateTimeAr(incident.occurredAt) : 'غير معروف'}
          </Detail>
          <Detail label="فئات البيانات">
            {incident.dataCategories.map(dataIncidentCategoryLabel).join('، ')}
          </Detail>
          <Detail label="الأشخاص المتأثرون تقريباً">
            {arabicCount(incident.affectedCount, NOUNS.person)}
          </Detail>
          <Detail label="إبلاغ سدايا">
            {noticeText(sdaiaNoticeLabel(incident.sdaiaNotice), incident.sdaiaNotifiedAt)}
          </Detail>
          {incident.sdaiaReference ? (
            <Detail label="رقم المرجع لدى سدايا">
              <bdi dir="ltr">{incident.sdaiaReference}</bdi>
            </Detail>
          ) : null}
          <Detail label="إبلاغ أصحاب البيانات">
            {noticeText(subjectsNoticeLabel(incident.subjectsNotice), incident.subjectsNotifiedAt)}
          </Detail>
          <Detail label="سجّلها">
            {recorder}
            {'، '}
            {formatDateTimeAr(incident.createdAt)}
          </Detail>
          {incident.closedAt ? (
            <Detail label="أُغلقت في">{formatDateTimeAr(incident.closedAt)}</Detail>
          ) : null}
        </dl>
        <dl className="space-y-3">
          <Detail label="ماذا حدث">
            <span className="whitespace-pre-line font-normal">{incident.description}</span>
          </Detail>
          <Detail label="الإجراءات المتخذة">
            <span className="whitespace-pre-line font-normal">
              {incident.measures ?? 'لم تُكتب بعد'}
            </span>
          </Detail>
        </dl>
        <div className="flex flex-wrap gap-2">
          {isOpen && incident.sdaiaNotice !== 'notified' ? (
            <Button onClick={() => setOpen({ dialog: 'notice', audience: 'sdaia' })}>
              تسجيل إبلاغ سدايا
            </Button>
          ) : null}
          {isOpen && incident.subjectsNotice !== 'notified' ? (
            <Button
              variant="outline"
              onClick={() => setOpen({ dialog: 'notice', audience: 'subjects' })}
            >
              تسجيل إبلاغ أصحاب البيانات
            </Button>
          ) : null}
          {isOpen ? (
            <Button variant="outline" onClick={() => setOpen({ dialog: 'measures' })}>
              تحديث الإجراءات
            </Button>
          ) : null}
          {isOpen ? (
            <Button variant="outline" onClick={() => setOpen({ dialog: 'close' })}>
              إغلاق الحادثة
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={change.isPending}
              onClick={() => change.mutate({ status: 'open' })}
            >
              إعادة فتح الحادثة
            </Button>
          )}
        </div>
      </article>
      {open?.dialog === 'notice' ? (
        <NoticeDialog incident={incident} audience={open.audience} onClose={close} />
      ) : null}
      {open?.dialog === 'measures' ? <MeasuresDialog incident={incident} onClose={close} /> : null}
      {open?.dialog === 'close' ? (
        <ConfirmDialog
          title="إغلاق الحادثة"
          description="تبقى الحادثة في السجل ويمكن إعادة فتحها. تُغلق بعد حسم إبلاغ سدايا وأصحاب البيانات وكتابة الإجراءات المتخذة."
          confirmLabel="إغلاق الحادثة"
          pendingLabel="جاري الإغلاق..."
          variant="default"
          pending={change.isPending}
          onConfirm={() => change.mutate({ status: 'closed' })}
          onClose={close}
        />
      ) : null}
    </Card>
  );
}
