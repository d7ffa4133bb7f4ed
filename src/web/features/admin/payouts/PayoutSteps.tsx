import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { arabicCount, formatSar, NOUNS } from '#domain';
import { Button } from '#ui/button';
import type { PayoutStepTotals } from './api';

type Waiting = PayoutStepTotals['draft'];

/** «دفعتان، بإجمالي ١٬٨٠٠ ر.س»: how many wait at a step and their sum. */
const waitingText = (waiting: Waiting) =>
  `${arabicCount(waiting.count, NOUNS.payout)}، بإجمالي ${formatSar(waiting.amount)}`;

/**
 * One step of the work: its name, then either what waits at it with the step's note and its
 * action, or a sentence that nothing does (the note says how the step is done, so it shows
 * only while something waits there).
 */
function Step({
  title,
  waiting,
  idle,
  note,
  children,
}: {
  title: string;
  waiting: Waiting;
  /** What the step says while nothing waits at it. */
  idle: string;
  note: string;
  children?: ReactNode;
}) {
  return (
    <li className="space-y-1 ps-1">
      <p className="font-bold">{title}</p>
      {waiting.count > 0 ? (
        <>
          <p>{waitingText(waiting)}</p>
          <p className="text-slate-700">{note}</p>
          {children ? <div className="flex flex-wrap gap-2 pt-1">{children}</div> : null}
        </>
      ) : (
        <p className="text-slate-700">{idle}</p>
      )}
    </li>
  );
}

/**
 * The payouts' steps, top to bottom in the order of the work: approve the drafts, download the
 * bank file, mark what the bank received as sent, then paid (or failed). The steps' actions are
 * here or one tap away (the list below shows the step's payouts).
 */
export function PayoutSteps({
  steps,
  downloading,
  onBankFile,
  onShow,
}: {
  steps: PayoutStepTotals;
  downloading: boolean;
  onBankFile: () => void;
  /** Shows the payouts of a step in the list below. */
  onShow: (status: 'approved' | 'sent') => void;
}) {
  const inWork =
    steps.draft.count + steps.approved.count + steps.inBankFile.count + steps.sent.count;
  if (inWork === 0) {
    return (
      <p className="text-sm text-slate-700">
        لا توجد دفعات قيد العمل. يُنشئ زر «دفع كل المستحق» مسودة لكل وسيط بلغ مستحقه الحد الأدنى،
        وتمرّ هنا كل دفعة بعد اعتمادها حتى تُدفع.
      </p>
    );
  }
  return (
    <ol
      aria-label="خطوات الدفع"
      className="space-y-3 ps-5 text-sm marker:font-bold [list-style-type:arabic-indic]"
    >
      <Step
        title="اعتماد المسودات"
        waiting={steps.draft}
        idle="لا مسودات بانتظار الاعتماد."
        note="تُعتمد من «طلبات التحويل المفتوحة» أدناه، واحدة واحدة أو كل الصفحة."
      />
      <Step
        title="تنزيل ملف البنك"
        waiting={steps.approved}
        idle="لا دفعات معتمدة تنتظر ملف البنك."
        note="يضم الملف كل دفعة معتمدة لم تدخل ملفاً، عدا دفعات الوسطاء الموقوفة ودفعاتك والكبيرة التي اعتمدتها بنفسك."
      >
        <Button variant="outline" disabled={downloading} onClick={onBankFile}>
          <Download aria-hidden="true" className="size-4" />
          تنزيل ملف البنك
        </Button>
      </Step>
      <Step
        title="التعليم كمُرسَلة"
        waiting={steps.inBankFile}
        idle="لا دفعات في ملف بنك تنتظر تأكيد الإرسال."
        note="بعد رفع الملف إلى البنك، اختر دفعاته في قائمة «معتمدة» وعلّمها مُرسَلة بمرجع البنك."
      >
        <Button variant="outline" onClick={() => onShow('approved')}>
          عرض دفعات ملف البنك
        </Button>
      </Step>
      <Step
        title="التعليم كمدفوعة أو فاشلة"
        waiting={steps.sent}
        idle="لا دفعات مُرسَلة تنتظر تأكيد البنك."
        note="حين يؤكد البنك التحويل علّمها مدفوعة؛ وإن أعادها فسجّل فشلها ليعود المبلغ إلى رصيد الوسيط."
      >
        <Button variant="outline" onClick={() => onShow('sent')}>
          عرض الدفعات المُرسَلة
        </Button>
      </Step>
    </ol>
  );
}
