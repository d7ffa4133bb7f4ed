import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ExternalLink } from '#ui/external-link';
import { Skeleton } from '#ui/feedback';
import { documentRetentionQuery, useProvider } from './api';
import {
  DEVICE_DATA,
  DOCUMENTS_KEPT_UNAVAILABLE,
  documentsKept,
  KEPT,
  NOT_SOLD,
  PROVIDER_UNAVAILABLE,
  REVIEW_TEAM,
} from './copy';
import { ProviderContacts, ProviderIdentity, TenantBrand } from './ProviderNotice';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const list = 'list-disc space-y-1 ps-5';

/**
 * /privacy: the full privacy notice for tenants (the Personal Data Protection Law, art. 12;
 * decision record 059): who processes their data, what, why and on what basis, who sees it, how
 * long it is kept, their rights and how to use them, and the provider's own full policy.
 */
export function PrivacyPage() {
  const provider = useProvider();
  const retention = useQuery(documentRetentionQuery());
  return (
    <div className="min-h-screen bg-slate-50">
      <TenantBrand />
      <main
        id="main"
        className="mx-auto max-w-2xl space-y-6 p-4 leading-7 text-slate-800 [&_section]:rounded-lg [&_section]:bg-white [&_section]:p-4"
      >
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900">إشعار الخصوصية للمستأجرين</h1>
          <p>
            يشرح هذا الإشعار كيف نعالج بياناتك الشخصية حين تطلب دفع إيجارك شهرياً عبر وسيط عقاري، وفق
            نظام حماية البيانات الشخصية في المملكة العربية السعودية.
          </p>
        </div>

        <Part id="privacy-who" title="من نحن">
          {provider.data ? (
            <>
              <ProviderIdentity provider={provider.data} />
              <p>للتواصل معنا بشأن بياناتك:</p>
              <ul className="flex flex-wrap gap-x-4">
                <ProviderContacts provider={provider.data} />
              </ul>
            </>
          ) : provider.isError ? (
            <p>{PROVIDER_UNAVAILABLE}</p>
          ) : (
            <Skeleton className="h-24" />
          )}
        </Part>

        <Part id="privacy-what" title="البيانات التي نجمعها">
          <ul className={list}>
            <li>في صفحة رابط الوسيط: رقم جوالك، والإيجار السنوي والمدينة إن أدخلتهما.</li>
            <li>
              في نموذج بيانات المستأجر: اسمك الكامل، ودخلك الشهري، والتزاماتك الشهرية، وتعريف
              الراتب، وتقرير سمة الائتماني.
            </li>
            <li>
              مع كل طلب يرسله جهازك: {DEVICE_DATA}. يُسجَّل العنوان في سجلات الخادم وفي سجل العمليات
              حين يُفتح طلبك أو يُعرض النموذج أو يُرسل، ونعدّ زيارات رابط الوسيط ببصمة نشتقها من العنوان
              ونوع المتصفح وتاريخ اليوم، لنعدّ الزائر مرة واحدة في اليوم.
            </li>
          </ul>
        </Part>

        <Part id="privacy-why" title="لماذا نجمعها">
          <ul className={list}>
            <li>للتحقق برمز يصل إلى جوالك من أن الرقم رقمك.</li>
            <li>لفتح طلب دفع إيجارك شهرياً لدى الوسيط، ودراسته، والتواصل معك بشأنه.</li>
            <li>لإبلاغ الوسيط الذي أحالك بطلبك وبتقدّمه.</li>
            <li>لحماية الخدمة: تحديد عدد المحاولات، وكشف الطلبات المكررة وإساءة الاستخدام.</li>
          </ul>
          <p>ولا نستخدمها لأي غرض آخر.</p>
        </Part>

        <Part id="privacy-basis" title="على أي أساس نعالجها">
          <ul className={list}>
            <li>
              رقمك والإيجار والمدينة في صفحة رابط الوسيط: طلبك أنت. قبل زر «تأكيد الرقم والمتابعة»
              نبيّن لك ما سيحدث بطلبك، وفي الصفحة نفسها هذا الإشعار مختصراً ورابطه، وحين تضغطه نفتح
              طلبك ونبلغ الوسيط به ونسجّله في نظام متابعة العملاء، وبذلك توافق على معالجتها لهذا
              الغرض.
            </li>
            <li>
              بيانات النموذج ومستنداته: موافقتك التي تمنحها بالإشارة على خانة الموافقة قبل إرسال
              النموذج.
            </li>
            <li>{DEVICE_DATA}: لحماية الخدمة، وحماية رقمك من أن يستخدمه غيرك.</li>
          </ul>
          <p>
            ولك أن تسحب موافقتك متى شئت؛ لا يمسّ ذلك ما تمّ قبل سحبها، وقد لا نستطيع بعده متابعة طلبك.
          </p>
        </Part>

        <Part id="privacy-shared" title="من يطّلع عليها">
          <ul className={list}>
            <li>{REVIEW_TEAM}.</li>
            <li>
              الوسيط العقاري الذي أحالك: يصله إشعار برقمك فور فتح طلبك عبر رابطه، ويرى الإيجار
              والمدينة، ثم بعد إرسال النموذج اسمك وهل الإيجار في حدود قدرتك وأن مستنداتك وصلت،
              ليتابع طلبك معك. لا يرى دخلك ولا التزاماتك ولا مستنداتك، ولا تقرير سمة الائتماني.
            </li>
            <li>
              مزوّدو الخدمات الذين نستعين بهم، كلٌّ بما يلزم عمله فقط: الرسائل النصية وواتساب لإيصال
              رمز التحقق والرسائل إليك، ونظام متابعة العملاء الذي يصله رقمك حين يُفتح طلبك، وخدمة
              التخزين التي تُحفظ فيها المستندات.
            </li>
            <li>
              الأنظمة التي نربطها بالمنصة آلياً: يصلها رقمك والمدينة والإيجار حين يُفتح طلبك، ورقمك
              حين ترسل النموذج.
            </li>
          </ul>
          <p>{NOT_SOLD}</p>
        </Part>

        <Part id="privacy-keep" title="مدة الحفظ">
          <ul className={list}>
            <li>بيانات طلبك: {KEPT}</li>
            <li>
              {retention.data ? (
                documentsKept(retention.data.documentRetentionDays)
              ) : retention.isError ? (
                DOCUMENTS_KEPT_UNAVAILABLE
              ) : (
                <Skeleton className="h-7" />
              )}
            </li>
            <li>المستند الذي ترفعه ولا ترسل النموذج معه نحذفه بعد سبعة أيام.</li>
            <li>
              رموز التحقق نحذفها بعد يومين من انتهاء صلاحيتها، وما نعدّ به المحاولات بعد يوم من
              انتهاء مدته.
            </li>
          </ul>
        </Part>

        <Part id="privacy-rights" title="حقوقك">
          <ul className={list}>
            <li>أن تعرف كيف نعالج بياناتك ولماذا.</li>
            <li>أن تطلب نسخة من بياناتك.</li>
            <li>أن تطلب تصحيح ما كان منها غير صحيح أو ناقصاً.</li>
            <li>أن تطلب إتلافها حين لا نحتاج إليها.</li>
            <li>أن تسحب موافقتك على معالجتها.</li>
          </ul>
          <p>
            راسلنا على واتساب أو بالبريد الإلكتروني (في «من نحن» أعلاه) لاستخدام أي من هذه الحقوق.
            ولك أن تقدّم شكوى إلى الهيئة السعودية للبيانات والذكاء الاصطناعي (سدايا).
          </p>
        </Part>

        {provider.data ? (
          <p>
            <ExternalLink
              href={provider.data.privacyUrl}
              className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4"
            >
              سياسة الخصوصية الكاملة للشركة
            </ExternalLink>
          </p>
        ) : null}
      </main>
    </div>
  );
}
