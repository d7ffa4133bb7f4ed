import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { queryClient } from '#lib/query-client';
import { Button, buttonClasses } from '#ui/button';
import { DocumentTitle } from './DocumentTitle';

/** How each browser, and Vite's preloading of a chunk's styles, words a chunk that failed. */
const CHUNK_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
  'Unable to preload CSS', // Vite
];

/**
 * A page's code did not arrive: the connection dropped, or a release replaced the chunk names
 * this tab still asks for. Only a reload helps: React keeps a failed lazy import failed.
 */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || CHUNK_FAILURES.some((m) => error.message.includes(m)))
  );
}

/** The router's error element: whatever a page throws ends here, in Arabic, with a way on. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'تعذر تحميل الصفحة' : 'حدث خطأ غير متوقع';
  const retry = () => {
    // Cached answers are read again (one may be what the page could not render), and the
    // same address again is a new location, which resets the router's error boundary.
    void queryClient.resetQueries();
    navigate(location, { replace: true, state: location.state });
  };
  return (
    <main
      id="main"
      lang="ar"
      dir="rtl"
      className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="max-w-md text-slate-700">
        {chunk
          ? 'لم يكتمل تحميل الصفحة، ربما لانقطاع الاتصال أو لصدور تحديث جديد للمنصة. أعد تحميل الصفحة للمتابعة.'
          : 'تعذر عرض هذه الصفحة. أعد المحاولة، أو عد إلى الصفحة الرئيسية.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {chunk ? (
          <Button onClick={() => window.location.reload()}>إعادة تحميل الصفحة</Button>
        ) : (
          <>
            <Button onClick={retry}>إعادة المحاولة</Button>
            <Link to="/" className={buttonClasses('outline')}>
              العودة إلى الرئيسية
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
