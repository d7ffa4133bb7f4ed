import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadFile } from '#lib/download';
import { Button } from '#ui/button';
import { errorToast } from '#ui/toast';
import { type ExportQuery, type ExportType, exportUrl } from './api';

/** Downloads every row matching the tab's current search and filter as an .xlsx file. */
export function ExportButton({
  type,
  query,
}: {
  type: ExportType;
  /** The tab's search and filter, without the page. */
  query: ExportQuery;
}) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      await downloadFile(exportUrl(type, query), `${type}.xlsx`);
    } catch (error) {
      // A plain Error, not the API client's: the toast always says the fallback text.
      errorToast('فشل في تصدير البيانات', 'حدث خطأ أثناء تصدير البيانات')(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" disabled={pending} onClick={download}>
      <Download aria-hidden="true" className="size-4" />
      {pending ? 'جارٍ التصدير…' : 'تصدير ملف إكسل'}
    </Button>
  );
}
