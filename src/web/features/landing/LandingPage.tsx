import {
  BadgeCheck,
  Bell,
  Calculator,
  Clock,
  FileBarChart,
  Link2,
  Mail,
  MapPin,
  Phone,
  Timer,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { Brand } from '#domain/brand';
import { formatNumberAr } from '#domain/format';
import { toInternationalPhone } from '#domain/phone';
import { ExternalLink } from '#ui/external-link';
import { CommissionCalculator } from './CommissionCalculator';
import { BENEFITS, commissionExample, faq, STEPS } from './content';
import { LandingHeader } from './LandingHeader';
import { HeroIllustration, SocialMark } from './marks';

const BENEFIT_ICONS = [Timer, Bell, Calculator, Link2, FileBarChart];

const primary =
  'inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800';
const secondary =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-brand-700 bg-white px-6 py-3 text-lg font-bold text-brand-800 hover:bg-brand-50';

function Section({
  id,
  title,
  intro,
  children,
  tone = 'white',
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: 'white' | 'tint';
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 px-4 py-16 ${tone === 'tint' ? 'bg-brand-50' : 'bg-white'}`}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-center text-3xl font-bold text-slate-900">
          {title}
        </h2>
        {intro ? (
          <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-700">{intro}</p>
        ) : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Social networks as inline SVG marks with their names: no image requests, no icon font. */
function SocialLinks({ brand }: { brand: Brand }) {
  const links = [
    { href: brand.social.x, label: 'إكس (تويتر)', network: 'x' },
    { href: brand.social.instagram, label: 'إنستغرام', network: 'instagram' },
    { href: brand.social.linkedin, label: 'لينكدإن', network: 'linkedin' },
    { href: brand.social.tiktok, label: 'تيك توك', network: 'tiktok' },
    {
      href: `https://wa.me/${toInternationalPhone(brand.whatsapp)}`,
      label: 'واتساب',
      network: 'whatsapp',
    },
  ] as const;
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map(({ href, label, network }) => (
        <li key={label}>
          <ExternalLink
            href={href}
            className="inline-flex size-11 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <SocialMark network={network} />
            <span className="sr-only">{`${brand.productName} على ${label}`}</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The public landing page: rendered to HTML at build time (render.tsx); in the browser only
 * its header is hydrated (landing-hydrate.tsx). The app shows the same component when it
 * navigates to `/`.
 */
export function LandingPage({ brand }: { brand: Brand }) {
  const example = commissionExample();
  const questions = faq(brand);

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-3"
      >
        تخطَّ إلى المحتوى
      </a>
      <header
        id="landing-header"
        className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      >
        <LandingHeader brand={brand} />
      </header>

      <main id="main">
        <section
          aria-labelledby="hero-title"
          className="bg-gradient-to-b from-brand-50 to-white px-4 pb-16 pt-14"
        >
          <div className="mx-auto max-w-4xl text-center">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1 text-sm font-medium text-brand-800 shadow-sm">
              <BadgeCheck aria-hidden="true" className="size-4" />
              برنامج شركاء الوسطاء العقاريين
            </p>
            <h1
              id="hero-title"
              className="mt-6 text-4xl font-bold leading-tight text-slate-900 sm:text-5xl"
            >
              عمولة إضافية لك مع كل مستأجر يدفع إيجاره شهرياً
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-700">
              عندك مستأجر يريد الدفع الشهري بدل الدفعة السنوية؟ أحِله إلى {brand.productName} وتابع
              طلبه خطوة بخطوة، واحصل على {example.minimum} على الأقل فوق أتعاب الوساطة المعتادة.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <a href="/login" className={primary}>
                ابدأ الآن مجاناً
              </a>
              <a href="#calculator" className={secondary}>
                <Calculator aria-hidden="true" className="me-2 size-5" />
                احسب عمولتك
              </a>
            </div>
            <div className="mt-10">
              <HeroIllustration />
            </div>
            <ul className="mx-auto mt-10 grid max-w-3xl gap-3 text-start sm:grid-cols-3">
              <li className="rounded-xl bg-white p-4 shadow-sm">
                <strong className="block text-2xl text-brand-800">{example.minimum}</strong>
                <span className="text-slate-700">حد أدنى لعمولتك الإضافية في كل عقد</span>
              </li>
              <li className="rounded-xl bg-white p-4 shadow-sm">
                <strong className="block text-2xl text-brand-800">٢٤–٤٨ ساعة</strong>
                <span className="text-slate-700">للتواصل مع المستأجر</span>
              </li>
              <li className="rounded-xl bg-white p-4 shadow-sm">
                <strong className="block text-2xl text-brand-800">مجاناً</strong>
                <span className="text-slate-700">التسجيل بلا رسوم</span>
              </li>
            </ul>
          </div>
        </section>

        <Section
          id="benefits"
          title="لماذا يختار الوسطاء المنصة؟"
          intro="كل ما تحتاجه لإحالة مستأجريك ومتابعة عمولاتك، من جوالك."
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map((benefit, index) => {
              const Icon = BENEFIT_ICONS[index] ?? BadgeCheck;
              return (
                <li key={benefit.title} className="rounded-xl border border-slate-200 p-6">
                  <Icon aria-hidden="true" className="size-8 text-brand-700" />
                  <h3 className="mt-4 text-xl font-bold">{benefit.title}</h3>
                  <p className="mt-2 leading-7 text-slate-700">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </Section>

        <Section id="about" title={`من نحن`} tone="tint">
          <div className="mx-auto max-w-3xl space-y-4 text-center text-lg leading-8 text-slate-800">
            <p>
              <strong>{brand.productName}</strong>: {brand.providerDescription}
            </p>
            <p>
              نؤمن أن الوسيط العقاري هو أقرب الناس إلى المستأجر، لذلك صممنا برنامجاً يكافئك على كل
              عقد تساعد فيه مستأجراً على الدفع الشهري، دون أن يمس أتعابك المعتادة.
            </p>
            <p className="text-base text-slate-700">
              سجل تجاري رقم{' '}
              <bdi dir="ltr" className="font-bold">
                {brand.commercialRegistration}
              </bdi>
            </p>
          </div>
        </Section>

        <Section
          id="steps"
          title="ما المطلوب منك؟"
          intro="خمس خطوات بسيطة من التسجيل حتى استلام العمولة."
        >
          <ol className="grid gap-4 lg:grid-cols-5">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-5">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                >
                  {formatNumberAr(index + 1)}
                </span>
                <h3 className="mt-3 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 leading-7 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mx-auto mt-8 max-w-3xl rounded-xl bg-slate-100 p-6 leading-8">
            <h3 className="text-lg font-bold">مثال عملي</h3>
            <p className="mt-2 text-slate-800">
              أبو خالد وسيط في الرياض، جاءه مستأجر لشقة إيجارها {example.rent} سنوياً ولا يستطيع
              دفعها مقدماً. أضاف أبو خالد رقم المستأجر في المنصة خلال دقيقة، فوصل المستأجرَ رابط أكمل
              منه بياناته، وتواصل معه فريقنا في اليوم التالي. بعد موافقة المالك كتب أبو خالد عقده
              المعتاد وتقاضى أتعابه {example.fee}، وبعد توقيع العقود وصلته عمولة إضافية{' '}
              {example.extra} بتحويل بنكي.
            </p>
          </div>
        </Section>

        <Section
          id="commission"
          title="كم تكسب؟"
          intro={`عمولتك ${example.minimum} أو ${example.rate} من قيمة العقد، أيهما أعلى، فوق أتعاب الوساطة المعتادة.`}
          tone="tint"
        >
          <div className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm">
            <table className="w-full text-lg">
              <caption className="pb-4 text-start font-bold">مثال توضيحي لعقد واحد</caption>
              <tbody>
                <tr className="border-b border-slate-100">
                  <th scope="row" className="py-3 text-start font-normal">
                    الإيجار السنوي
                  </th>
                  <td className="py-3 text-end font-bold">{example.rent}</td>
                </tr>
                <tr className="border-b border-slate-100">
                  <th scope="row" className="py-3 text-start font-normal">
                    أتعاب الوساطة المعتادة ({example.feeRate})
                  </th>
                  <td className="py-3 text-end font-bold">{example.fee}</td>
                </tr>
                <tr className="border-b border-slate-100">
                  <th scope="row" className="py-3 text-start font-normal">
                    عمولة {brand.productName} الإضافية
                  </th>
                  <td className="py-3 text-end font-bold text-brand-800">+ {example.extra}</td>
                </tr>
                <tr>
                  <th scope="row" className="py-3 text-start font-bold">
                    إجمالي دخلك من الصفقة
                  </th>
                  <td className="py-3 text-end text-2xl font-bold">{example.total}</td>
                </tr>
              </tbody>
            </table>
            <p className="mt-4 border-t border-slate-100 pt-4 text-center text-lg font-bold text-brand-800">
              زيادة {example.increase} في دخلك من الصفقة نفسها
            </p>
          </div>
        </Section>

        <Section
          id="calculator"
          title="احسب عمولتك"
          intro="اكتب الإيجار السنوي لعقارك وشاهد ما تكسبه فوق أتعابك المعتادة."
        >
          <div id="commission-calculator">
            <CommissionCalculator productName={brand.productName} />
          </div>
        </Section>

        <Section id="faq" title="الأسئلة الشائعة">
          <div className="mx-auto max-w-3xl space-y-3">
            {questions.map((item) => (
              <details
                key={item.question}
                className="group rounded-xl border border-slate-200 bg-white p-1"
              >
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 text-lg font-bold">
                  <h3>{item.question}</h3>
                  <span
                    aria-hidden="true"
                    className="text-2xl text-brand-700 transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </summary>
                <p className="px-4 pb-4 leading-8 text-slate-700">{item.answer}</p>
              </details>
            ))}
          </div>
        </Section>

        <Section id="contact" title="تواصل معنا" tone="tint">
          <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
            <ul className="space-y-4 text-lg">
              <li className="flex items-center gap-3">
                <Phone aria-hidden="true" className="size-6 text-brand-700" />
                <a href={`tel:${brand.phone}`} className="min-h-11 content-center font-bold">
                  <bdi dir="ltr">{brand.phone}</bdi>
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Mail aria-hidden="true" className="size-6 text-brand-700" />
                <a href={`mailto:${brand.email}`} className="min-h-11 content-center font-bold">
                  <bdi dir="ltr">{brand.email}</bdi>
                </a>
              </li>
              <li className="flex items-center gap-3">
                <MapPin aria-hidden="true" className="size-6 text-brand-700" />
                <span>{brand.address}</span>
              </li>
              <li className="flex items-center gap-3">
                <Clock aria-hidden="true" className="size-6 text-brand-700" />
                <span>{brand.workingHours}</span>
              </li>
            </ul>
            <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
              <p className="text-xl font-bold">جاهز تبدأ؟</p>
              <p className="mt-2 text-slate-700">
                نرد على رسائل البريد خلال ٢٤ ساعة، وعلى استفسارات الوسطاء خلال دقائق في أوقات العمل.
              </p>
              <a href="/login" className={`${primary} mt-5`}>
                سجّل الآن
              </a>
            </div>
          </div>
        </Section>
      </main>

      <footer className="bg-slate-900 px-4 py-12 text-slate-200">
        <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="text-2xl font-bold text-white">{brand.productName}</p>
            <p className="mt-2 leading-7">برنامج شركاء الوسطاء العقاريين للدفع الشهري للإيجار.</p>
          </div>
          <nav aria-label="روابط سريعة">
            <h2 className="font-bold text-white">روابط سريعة</h2>
            <ul className="mt-3 space-y-1">
              <li>
                <a href="/login" className="inline-flex min-h-11 items-center hover:text-white">
                  إنشاء حساب
                </a>
              </li>
              <li>
                <a href="/login" className="inline-flex min-h-11 items-center hover:text-white">
                  تسجيل الدخول
                </a>
              </li>
              <li>
                <a href="#faq" className="inline-flex min-h-11 items-center hover:text-white">
                  الأسئلة الشائعة
                </a>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="font-bold text-white">خدماتنا</h2>
            <ul className="mt-3 space-y-2 leading-7">
              <li>إحالة المستأجرين للدفع الشهري</li>
              <li>متابعة حالة العقود</li>
              <li>حساب العمولات وتحويلها</li>
              <li>تقارير أداء الوسيط</li>
            </ul>
          </div>
          <div className="space-y-4">
            <h2 className="font-bold text-white">تابعنا</h2>
            <SocialLinks brand={brand} />
            <ul className="flex flex-wrap gap-x-4">
              {[
                { href: brand.privacyUrl, label: 'سياسة الخصوصية' },
                { href: brand.termsUrl, label: 'الشروط والأحكام' },
              ].map(({ href, label }) => (
                <li key={label}>
                  <ExternalLink
                    href={href}
                    className="inline-flex min-h-11 items-center underline hover:text-white"
                  >
                    {label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mx-auto mt-10 max-w-6xl border-t border-slate-700 pt-6 text-sm">
          © {brand.productName}. جميع الحقوق محفوظة. سجل تجاري{' '}
          <bdi dir="ltr">{brand.commercialRegistration}</bdi>
        </p>
      </footer>
    </>
  );
}
