import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

/** Entry screen until the full landing page arrives. */
export function HomePage() {
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-slate-50 p-6 text-center"
    >
      <h1 className="text-4xl font-bold text-brand-800">شريك</h1>
      <p className="max-w-md text-lg text-slate-800">
        منصة الوسطاء العقاريين: أحِل المستأجرين الراغبين في دفع الإيجار شهرياً، وتابع طلباتهم، واكسب
        عمولة إضافية لا تقل عن ٥٠٠ ر.س.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/login" className={buttonClasses('default')}>
          تسجيل دخول الوسيط
        </Link>
        <Link to="/mobile" className={buttonClasses('outline')}>
          الدخول من الجوال
        </Link>
      </div>
    </main>
  );
}
