import { useEffect } from 'react';
import { BRAND } from '#lib/brand';

/** The title a page without its own keeps: the same as index.html's (the landing page's). */
const DEFAULT_TITLE = `${BRAND.productName} | منصة الوسطاء العقاريين`;

/** The tab's title for the page shown: «الصفحة | شريك», so tabs and history tell pages apart. */
export function DocumentTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND.productName}` : DEFAULT_TITLE;
  }, [title]);
  return null;
}
