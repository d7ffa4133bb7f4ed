import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { MESSAGES } from '#domain';
import { errorMessage } from '#lib/api';
import { DOCUMENT_TYPES, documentFileProblem } from '#lib/document-file';
import { buttonClasses } from '#ui/button';
import { toast } from '#ui/toast';
import { BROKER_FILES, type BrokerFile, useUploadBrokerFile } from './api';

const pickerButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 font-medium text-brand-800 hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-wait peer-disabled:opacity-60';

/** What the field says about one document: its title, its states and its buttons. */
export type BrokerFileWords = {
  title: string;
  onFile: string;
  none: string;
  upload: string;
  replace: string;
  open: string;
  uploaded: string;
  hint: string;
  /** What a file of another kind is told. */
  refusal: string;
};

/**
 * One of the broker's documents on file (the licence's copy, the VAT certificate): a PDF or a
 * photo, sent as soon as it is chosen; one's own opened in a new tab.
 */
export function BrokerFileField({
  kind,
  present,
  words,
}: {
  kind: BrokerFile;
  present: boolean;
  words: BrokerFileWords;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadBrokerFile(kind, {
    onSuccess: () => toast({ title: words.uploaded }),
    onError: (error) =>
      setProblem(
        errorMessage(
          error,
          error.message.startsWith('413')
            ? MESSAGES.fileTooLarge
            : 'تعذر رفع الملف، يرجى المحاولة مرة أخرى',
        ),
      ),
  });
  const pick = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = documentFileProblem(file, words.refusal);
    if (refused) {
      setProblem(refused);
      return;
    }
    upload.mutate(file);
  };
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <h3 className="font-bold">{words.title}</h3>
      <p className="text-sm text-slate-800" aria-live="polite">
        {upload.isPending ? 'جاري رفع الملف...' : present ? words.onFile : words.none}
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-file`}
          type="file"
          accept={DOCUMENT_TYPES.join(',')}
          disabled={upload.isPending}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          className="peer sr-only"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={`${id}-file`} className={pickerButton}>
          <FileUp aria-hidden="true" className="size-5" />
          {present ? words.replace : words.upload}
        </label>
        {present ? (
          <a
            href={BROKER_FILES[kind].url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline')}
          >
            {words.open}
          </a>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {words.hint}
      </p>
      {problem ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
