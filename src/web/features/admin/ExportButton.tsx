import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#ui/button';
import { errorToast } from '#ui/toast';
import { type ExportQuery, type ExportType, exportUrl } from './api';

/** The file name the server chose, from `Content-Disposition`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

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
      const response = await fetch(exportUrl(type, query), {
        credentials: 'include',
      });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, `${type}.xlsx`);
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
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
      {pending ? 'جارٍ التصدير…' : 'تصدير Excel'}
    </Button>
  );
}
