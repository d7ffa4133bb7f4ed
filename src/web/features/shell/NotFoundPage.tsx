import { Link } from 'react-router';
import { buttonClasses } from '#ui/button';

export function NotFoundPage() {
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        ٤٠٤
      </p>
      <h1 className="text-2xl font-bold">الصفحة غير موجودة</h1>
      <p className="text-slate-700">الرابط الذي فتحته غير صحيح أو لم يعد متاحاً.</p>
      <Link to="/" className={buttonClasses('default')}>
        العودة للرئيسية
      </Link>
    </main>
  );
}
