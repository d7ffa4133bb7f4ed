import { Bell, Calculator, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '#lib/brand';
import { buttonClasses } from '#ui/button';
import { commissionExample } from './content';

const POINTS = [
  { icon: Smartphone, text: 'أضف طلب المستأجر من جوالك في أقل من دقيقة' },
  { icon: Bell, text: 'تابع حالة كل طلب وتصلك الإشعارات أولاً بأول' },
  { icon: Calculator, text: 'عمولتك محسوبة تلقائياً وتُحوَّل إلى حسابك البنكي' },
];

/** /mobile-landing: the phone-sized front door, with links to sign in and to the demo. */
export function MobileLandingPage() {
  const { minimum, rate } = commissionExample();
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col gap-6 bg-white p-5">
      <header className="flex items-center justify-between">
        <p className="text-2xl font-bold text-brand-800">{BRAND.productName}</p>
        <Link to="/mobile" className={buttonClasses('outline')}>
          دخول
        </Link>
      </header>
      <section aria-labelledby="mobile-hero" className="rounded-2xl bg-brand-50 p-5">
        <h1 id="mobile-hero" className="text-3xl font-bold leading-snug">
          عمولة إضافية مع كل مستأجر يدفع شهرياً
        </h1>
        <p className="mt-3 leading-7 text-slate-800">
          {minimum} أو {rate} من قيمة العقد أيهما أعلى، فوق أتعاب الوساطة المعتادة. التسجيل مجاني.
        </p>
        <Link to="/mobile" className={buttonClasses('default', 'mt-5 w-full text-lg')}>
          ابدأ الآن مجاناً
        </Link>
      </section>
      <ul className="space-y-3">
        {POINTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 rounded-xl border border-slate-200 p-4">
            <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <Link to="/mobile-demo" className={buttonClasses('outline')}>
        شاهد عرضاً تجريبياً للتطبيق
      </Link>
      <footer className="mt-auto text-center text-sm text-slate-700">
        <a href="/" className="inline-flex min-h-11 items-center underline">
          الموقع الكامل
        </a>
      </footer>
    </main>
  );
}
