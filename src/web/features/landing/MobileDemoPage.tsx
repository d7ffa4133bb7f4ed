import { FileText, Home, PlusCircle, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatNumberAr, formatSar } from '#domain/format';
import { BRAND } from '#lib/brand';
import { buttonClasses } from '#ui/button';

/** Fixed sample figures of the static mockup (docs/product.md#public-pages): not anyone's data. */
const SAMPLE = {
  activeReferrals: 12,
  commissions: 15_000,
  referrals: [
    { phone: '05X XXX 1234', status: 'قيد المراجعة', rent: 48_000 },
    { phone: '05X XXX 5678', status: 'تم توقيع العقد', rent: 62_000 },
    { phone: '05X XXX 9012', status: 'في انتظار إكمال الطلب', rent: null },
  ],
};

const TABS = [
  { icon: Home, label: 'الرئيسية' },
  { icon: FileText, label: 'الطلبات' },
  { icon: PlusCircle, label: 'إضافة' },
  { icon: Wallet, label: 'العمولات' },
];

/** /mobile-demo: a static mockup of the broker's phone app, clearly marked as a demonstration. */
export function MobileDemoPage() {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-md bg-slate-50 pb-24">
      <p role="note" className="bg-amber-100 p-3 text-center font-bold text-amber-950">
        عرض تجريبي بأرقام توضيحية ثابتة، وليست بيانات حقيقية
      </p>
      <div className="space-y-5 p-5">
        <h1 className="text-2xl font-bold">مرحباً، وسيط تجريبي</h1>
        <section aria-label="ملخص تجريبي" className="grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-700">الطلبات النشطة</p>
            <p className="mt-1 text-2xl font-bold">{formatNumberAr(SAMPLE.activeReferrals)}</p>
          </div>
          <div className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-700">إجمالي العمولات</p>
            <p className="mt-1 text-2xl font-bold">{formatSar(SAMPLE.commissions)}</p>
          </div>
        </section>
        <section aria-labelledby="demo-latest" className="space-y-2">
          <h2 id="demo-latest" className="font-bold">
            آخر الطلبات
          </h2>
          <ul className="space-y-2">
            {SAMPLE.referrals.map((r) => (
              <li key={r.phone} className="rounded-xl bg-white p-4 shadow-sm">
                <p className="font-medium" dir="ltr">
                  {r.phone}
                </p>
                <p className="text-sm text-slate-700">
                  {r.status}، {r.rent ? `${formatSar(r.rent)} سنوياً` : 'الإيجار غير محدد'}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="demo-login"
          className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
        >
          <h2 id="demo-login" className="font-bold">
            شاشة الدخول (نموذج)
          </h2>
          <form
            className="space-y-3"
            onSubmit={(event) => {
              // A mockup: nothing is sent anywhere.
              event.preventDefault();
            }}
          >
            <label htmlFor="demo-phone" className="block text-sm font-medium">
              رقم الجوال
            </label>
            <input
              id="demo-phone"
              type="tel"
              inputMode="tel"
              placeholder="05XXXXXXXX"
              className="min-h-11 w-full rounded-lg border border-slate-300 px-3"
              dir="ltr"
            />
            <button
              type="submit"
              className="min-h-11 w-full rounded-lg bg-slate-400 font-medium text-slate-950"
            >
              متابعة (نموذج لا يعمل)
            </button>
          </form>
        </section>
        <Link to="/mobile" className={buttonClasses('default', 'w-full')}>
          جرّب {BRAND.productName} بحسابك الحقيقي
        </Link>
      </div>
      <nav
        aria-label="تبويبات العرض التجريبي"
        className="fixed inset-x-0 bottom-0 mx-auto flex max-w-md justify-around border-t border-slate-200 bg-white"
      >
        {TABS.map(({ icon: Icon, label }) => (
          <span key={label} className="flex min-h-14 flex-col items-center justify-center text-xs">
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </span>
        ))}
      </nav>
    </main>
  );
}
