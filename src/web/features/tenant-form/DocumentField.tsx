import { Camera, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '#lib/api';
import { Input } from '#ui/input';
import { UploadError, uploadDocument } from './api';
import { photoToPdf } from './photo-pdf';

const MAX_BYTES = 5 * 1024 * 1024;
const PDF_ONLY = 'application/pdf,.pdf';

const pickerButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 font-medium text-brand-800 hover:bg-brand-50';
const switchButton =
  'inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * One document: a PDF uploaded to the private storage, or a typed https link. The value is
 * the upload's reference (`upload:…`) or the link; the server checks either again. One hidden
 * file input per document, opened by its label «اختيار ملف» or, on phones, by «التقاط صورة»
 * (the same input with the rear camera); a photo is sent as a one-page PDF.
 */
export function DocumentField({
  label,
  kind,
  token,
  value,
  onChange,
  error,
}: {
  label: string;
  kind: 'salary' | 'credit';
  token: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const camera = useRef(false);
  const [mode, setMode] = useState<'upload' | 'link'>('upload');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  /**
   * Every opening of the input passes here (its label, the keyboard, the camera button): the
   * picker lists PDFs; the camera button asks the same input for a photo.
   */
  const prepare = (input: HTMLInputElement) => {
    if (camera.current) {
      input.setAttribute('capture', 'environment');
      input.accept = 'image/*';
    } else {
      input.removeAttribute('capture');
      input.accept = PDF_ONLY;
    }
  };

  const pick = async (picked: File | undefined) => {
    setProblem(null);
    if (!picked) return;
    setBusy(true);
    try {
      let file = picked;
      if (picked.type.startsWith('image/')) {
        try {
          file = await photoToPdf(picked);
        } catch {
          setProblem('تعذرت قراءة الصورة، يرجى المحاولة مرة أخرى أو اختيار ملف بي دي إف');
          return;
        }
      } else if (picked.type !== 'application/pdf' && !picked.name.toLowerCase().endsWith('.pdf')) {
        setProblem('يرجى اختيار ملف بي دي إف فقط');
        return;
      }
      if (file.size > MAX_BYTES) {
        setProblem('حجم الملف يجب أن يكون أقل من ٥ ميجابايت');
        return;
      }
      onChange(await uploadDocument(token, kind, file));
      setFileName(file.name);
    } catch (caught) {
      onChange('');
      setFileName(null);
      setProblem(
        caught instanceof UploadError
          ? caught.message
          : errorMessage(caught, 'تعذر رفع الملف، يرجى المحاولة مرة أخرى'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      aria-describedby={message ? errorId : undefined}
    >
      <legend className="px-1 font-medium">{label}</legend>
      {mode === 'upload' ? (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept={PDF_ONLY}
              disabled={busy}
              aria-describedby={hintId}
              className="peer sr-only"
              onClick={(e) => {
                prepare(e.currentTarget);
                camera.current = false;
              }}
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <label
              htmlFor={`${id}-file`}
              className={`${pickerButton} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-wait peer-disabled:opacity-60`}
            >
              <FileUp aria-hidden="true" className="size-5" />
              اختيار ملف
              <span className="sr-only"> {label}</span>
            </label>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                camera.current = true;
                fileInput.current?.click();
              }}
              className={`${pickerButton} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 md:hidden`}
            >
              <Camera aria-hidden="true" className="size-5" />
              التقاط صورة
              <span className="sr-only"> {label}</span>
            </button>
          </div>
          <p className="break-all text-sm text-slate-800" aria-live="polite">
            {busy ? (
              'جاري رفع الملف...'
            ) : fileName && value ? (
              <span className="text-emerald-800">
                تم رفع الملف: <bdi>{fileName}</bdi>
              </span>
            ) : (
              'لم يتم اختيار ملف'
            )}
          </p>
          <p id={hintId} className="text-sm text-slate-600">
            ملف بي دي إف حتى ٥ ميجابايت، أو صورة واضحة للمستند نحفظها لك ملف بي دي إف
          </p>
          <button
            type="button"
            className={switchButton}
            onClick={() => {
              setMode('link');
              setFileName(null);
              setProblem(null);
              onChange('');
            }}
          >
            إدخال رابط بدلاً من رفع ملف
          </button>
        </div>
      ) : (
        <div className="space-y-2">
          <label htmlFor={`${id}-link`} className="block text-sm text-slate-800">
            رابط {label}
          </label>
          <Input
            id={`${id}-link`}
            type="url"
            dir="ltr"
            className="text-end"
            placeholder="https://"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className={switchButton}
            onClick={() => {
              setMode('upload');
              setProblem(null);
              onChange('');
            }}
          >
            رفع ملف بدلاً من الرابط
          </button>
        </div>
      )}
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
