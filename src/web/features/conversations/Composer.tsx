import { Paperclip, X } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_MESSAGE, MESSAGES, messageText } from '#domain';
import { errorMessage } from '#lib/api';
import { DOCUMENT_TYPES, documentFileProblem } from '#lib/document-file';
// Zod as the web configures it (its Arabic messages), for the text's rule.
import '#lib/validation';
import { Button } from '#ui/button';
import { Textarea } from '#ui/input';
import { type ConversationMessage, useSendMessage } from './api';

const FILE_REFUSAL = 'يُرفق ملف بي دي إف أو صورة بصيغة JPEG أو PNG فقط';

/**
 * Writing a message: its text, a PDF or a photo, and the referral it concerns when it was
 * started from one (removable). `brokerId` is the broker the team writes to; null for the
 * broker's own message to the team.
 */
export function Composer({
  brokerId,
  label,
  referral,
  onReferralCleared,
  onSent,
}: {
  brokerId: string | null;
  label: string;
  referral?: { id: string; label: string } | null;
  onReferralCleared?: () => void;
  onSent?: (message: ConversationMessage) => void;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // What went wrong, and whether it is about the text (the text box is then marked invalid).
  const [problem, setProblem] = useState<{ text: string; aboutText: boolean } | null>(null);
  const fail = (text: string, aboutText = false) => setProblem({ text, aboutText });
  const send = useSendMessage(brokerId, {
    onSuccess: (message) => {
      setBody('');
      setFile(null);
      onSent?.(message);
    },
    onError: (error) =>
      fail(
        errorMessage(
          error,
          error.message.startsWith('413')
            ? MESSAGES.fileTooLarge
            : 'تعذر إرسال الرسالة، يرجى المحاولة مرة أخرى',
        ),
      ),
  });
  const pick = (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return;
    const refused = documentFileProblem(chosen, FILE_REFUSAL);
    if (refused) {
      fail(refused);
      return;
    }
    setFile(chosen);
  };
  const submit = () => {
    setProblem(null);
    const text = messageText.safeParse(body);
    if (!text.success) {
      fail(text.error.issues[0]?.message ?? 'الرسالة غير صالحة', true);
      return;
    }
    if (!text.data && !file) {
      fail('يرجى كتابة الرسالة أو إرفاق ملف', true);
      return;
    }
    send.mutate({ body: text.data, referralId: referral?.id ?? null, file });
  };
  return (
    <form
      noValidate
      aria-label={label}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {referral ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span>بشأن {referral.label}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="إلغاء ربط الرسالة بالإحالة"
            onClick={onReferralCleared}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </p>
      ) : null}
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Textarea
        id={`${id}-body`}
        value={body}
        maxLength={MAX_MESSAGE}
        rows={3}
        aria-invalid={problem?.aboutText ?? false}
        aria-describedby={problem?.aboutText ? `${id}-problem` : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-file`}
          type="file"
          accept={DOCUMENT_TYPES.join(',')}
          disabled={send.isPending}
          className="peer sr-only"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={`${id}-file`}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
        >
          <Paperclip aria-hidden="true" className="size-4" />
          إرفاق ملف
        </label>
        {file ? (
          <span className="flex min-w-0 items-center gap-1 text-sm text-slate-800">
            <bdi className="truncate">{file.name}</bdi>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="إزالة المرفق"
              onClick={() => setFile(null)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </span>
        ) : null}
        <Button type="submit" className="ms-auto" disabled={send.isPending}>
          {send.isPending ? 'جاري الإرسال...' : 'إرسال'}
        </Button>
      </div>
      <p className="text-xs text-slate-600">ملف بي دي إف أو صورة، حتى ٥ ميجابايت.</p>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem.text}
        </p>
      ) : null}
    </form>
  );
}
