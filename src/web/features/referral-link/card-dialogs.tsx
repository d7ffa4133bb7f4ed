import { Download } from 'lucide-react';
import { useState } from 'react';
import { saveBlob } from '#lib/download';
import { Button, buttonClasses } from '#ui/button';
import { ConfirmDialog, Dialog } from '#ui/dialog';
import { errorToast } from '#ui/toast';
import { QR_CARD_URL } from './api';
import { qrCardPng } from './qr-png';

// The link card's two dialogs, in a chunk of their own: the dashboards load the dialog's code
// (and the QR image's) only when a broker taps «رمز QR» or «رابط جديد» (lazy-card-dialogs.tsx).

const QR_TITLE = 'رمز رابطك';

/** The QR card (A6) and its two downloads; the image is fetched when the dialog opens. */
export function QrDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  async function saveImage() {
    setSaving(true);
    try {
      saveBlob(await qrCardPng(QR_CARD_URL), `qr_${code}.png`);
    } catch (error) {
      errorToast('خطأ', 'تعذر تجهيز صورة الرمز')(error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog onClose={onClose} title={QR_TITLE}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          يفتح المستأجر رابطك حين يصوّر هذا الرمز بكاميرا جواله. اطبعه على بطاقة أو شاركه صورةً.
        </p>
        {/* The card's A6 proportions reserved before it arrives. */}
        <img
          src={QR_CARD_URL}
          alt="رمز رابطك الخاص، يفتحه المستأجر بكاميرا جواله"
          width={210}
          height={296}
          className="mx-auto h-auto w-52 rounded-lg border border-slate-200"
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <a className={buttonClasses('outline')} href={QR_CARD_URL} download={`qr_${code}.svg`}>
            <Download aria-hidden="true" className="size-4" />
            تنزيل الرمز للطباعة
          </a>
          <Button variant="outline" disabled={saving} onClick={() => void saveImage()}>
            <Download aria-hidden="true" className="size-4" />
            تنزيل صورة الرمز
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Asks before a new code replaces the link: the old one, printed or shared, stops at once. */
export function NewLinkDialog({
  pending,
  onConfirm,
  onClose,
}: {
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="إنشاء رابط جديد"
      description="سيتوقف الرابط الحالي ورمزه عن العمل فوراً، بما في ذلك ما طبعته أو شاركته."
      confirmLabel="تأكيد إنشاء رابط جديد"
      pendingLabel="جاري إنشاء الرابط..."
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
