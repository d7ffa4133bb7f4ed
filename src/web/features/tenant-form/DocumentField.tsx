import { useId, useState } from 'react';
import { errorMessage } from '#lib/api';
import { Button } from '#ui/button';
import { Input } from '#ui/input';
import { UploadError, uploadDocument } from './api';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * One document: a PDF uploaded to the private storage, or a typed https link. The value is
 * the upload's reference (`upload:…`) or the link; the server checks either again.
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
  const [mode, setMode] = useState<'upload' | 'link'>('upload');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = problem ?? error;

  const pick = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) {
      setProblem('يرجى اختيار ملف PDF فقط');
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem('حجم الملف يجب أن يكون أقل من 5 ميجابايت');
      return;
    }
    setBusy(true);
    try {
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
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      aria-describedby={message ? `${id}-error` : undefined}
    >
      <legend className="px-1 font-medium">{label}</legend>
      <div className="flex gap-2">
        <Button
          variant={mode === 'upload' ? 'default' : 'outline'}
          aria-pressed={mode === 'upload'}
          onClick={() => {
            setMode('upload');
            onChange('');
          }}
        >
          رفع ملف PDF
        </Button>
        <Button
          variant={mode === 'link' ? 'default' : 'outline'}
          aria-pressed={mode === 'link'}
          onClick={() => {
            setMode('link');
            setFileName(null);
            onChange('');
          }}
        >
          إدخال رابط
        </Button>
      </div>
      {mode === 'upload' ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-file`} className="block text-sm text-slate-800">
            اختر ملف {label} (PDF، حتى 5 ميجابايت)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,.pdf"
            disabled={busy}
            className="block w-full min-h-11 text-sm file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-medium file:text-brand-800"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          {busy ? (
            <p role="status" className="text-sm">
              جاري رفع الملف...
            </p>
          ) : null}
          {fileName && value ? (
            <p role="status" className="text-sm text-emerald-800">
              تم رفع الملف: {fileName}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="space-y-1">
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
        </div>
      )}
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
