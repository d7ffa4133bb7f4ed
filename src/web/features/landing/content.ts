import type { Brand } from '#domain/brand';
import { DEFAULT_COMMISSION_RULE, estimateCommission } from '#domain/commission';
import { formatNumberAr, formatSar } from '#domain/format';
import { parseAmount } from '#domain/money';

const percent = (n: number) => `${formatNumberAr(n, 1)}٪`;

/** The worked example of docs/product.md#money-rules, computed from the rule, not typed in. */
const EXAMPLE_RENT = 50_000;
const ORDINARY_FEE_RATE = 0.025;

export function commissionExample() {
  const fee = EXAMPLE_RENT * ORDINARY_FEE_RATE;
  const extra = estimateCommission(EXAMPLE_RENT);
  return {
    rent: formatSar(EXAMPLE_RENT),
    feeRate: percent(ORDINARY_FEE_RATE * 100),
    fee: formatSar(fee),
    extra: formatSar(extra),
    total: formatSar(fee + extra),
    increase: percent(Math.round((extra / fee) * 100)),
    minimum: formatSar(DEFAULT_COMMISSION_RULE.minimum),
    rate: percent(DEFAULT_COMMISSION_RULE.rate * 100),
  };
}

/**
 * The calculator's figures for a typed annual rent (Arabic-Indic or Latin digits), or null
 * when it is not a positive amount. The landing page is prerendered and calls no API, so the
 * rule is the public one built in (DEFAULT_COMMISSION_RULE), as the page states.
 */
export function calculateCommission(typedRent: string) {
  const rent = parseAmount(typedRent.trim());
  if (rent === null || rent <= 0 || rent > 100_000_000) return null;
  const fee = Math.round(rent * ORDINARY_FEE_RATE * 100) / 100;
  const extra = estimateCommission(rent);
  return {
    feeRate: percent(ORDINARY_FEE_RATE * 100),
    fee: formatSar(fee),
    extra: formatSar(extra),
    total: formatSar(fee + extra),
    increase: percent(Math.round((extra / fee) * 1000) / 10),
  };
}

/** The public rule the calculator applies, in words. */
export const RULE_TEXT = `بالقاعدة المعلنة: الأعلى بين ${formatSar(DEFAULT_COMMISSION_RULE.minimum)} و${percent(DEFAULT_COMMISSION_RULE.rate * 100)} من الإيجار السنوي، فوق أتعاب الوساطة المعتادة (${percent(ORDINARY_FEE_RATE * 100)}).`;

export const BENEFITS = [
  {
    title: 'أضف الطلب في أقل من دقيقة',
    text: 'يكفي رقم جوال المستأجر وقيمة الإيجار إن وُجدت، والباقي علينا.',
  },
  {
    title: 'تابع كل طلب لحظة بلحظة',
    text: 'تصلك إشعارات عند كل تحديث: المراجعة، القبول، إعداد العقد، ثم التوقيع.',
  },
  {
    title: 'عمولتك محسوبة تلقائياً',
    text: 'تظهر عمولتك المتوقعة عند إضافة الطلب، وتُضاف إلى حسابك فور توقيع العقد.',
  },
  {
    title: 'رابط إكمال البيانات يصل المستأجر',
    text: 'نرسل للمستأجر رسالة برابط آمن يكمل منه بياناته ومستنداته بنفسه، دون أن تلاحقه.',
  },
  {
    title: 'تقارير شاملة لأعمالك',
    text: 'طلباتك النشطة، وعقودك المكتملة، ونسبة نجاحك، وعمولاتك المدفوعة والمعلقة في مكان واحد.',
  },
] as const;

export const STEPS = [
  {
    title: 'سجّل مجاناً برقم جوالك',
    text: 'رمز تحقق يصل جوالك، ثم كلمة مرور. لا رسوم اشتراك ولا التزامات.',
  },
  {
    title: 'أضف طلب المستأجر',
    text: 'رقم جوال المستأجر الذي يرغب في الدفع الشهري، وقيمة الإيجار السنوي إن عرفتها.',
  },
  {
    title: 'المستأجر يكمل بياناته',
    text: 'يصله رابط يُدخل منه دخله والتزاماته ويرفع تعريف الراتب وتقرير سمة.',
  },
  {
    title: 'نراجع ونتواصل خلال ٢٤–٤٨ ساعة',
    text: 'بعد الموافقة تكتب عقد الإيجار المعتاد مع المالك بموافقته، ونكتب نحن عقدنا مع المستأجر.',
  },
  {
    title: 'تستلم عمولتك',
    text: 'بعد توقيع العقود تُحوَّل عمولتك الإضافية إلى حسابك البنكي خلال أيام عمل قليلة.',
  },
] as const;

export function faq(brand: Brand) {
  const example = commissionExample();
  return [
    {
      question: 'هل التسجيل في المنصة مجاني؟',
      answer: `نعم، التسجيل مجاني بالكامل ولا توجد أي رسوم اشتراك. تسجّل برقم جوالك، وبعد تفعيل حسابك من فريق ${brand.productName} تبدأ بإضافة الطلبات مباشرة.`,
    },
    {
      question: 'من يستطيع التسجيل والاستفادة من البرنامج؟',
      answer:
        'الوسطاء العقاريون المرخّصون في المملكة، أفراداً أو مكاتب. ممارسة الوساطة وتقاضي عمولتها يتطلبان ترخيص فال ساري المفعول من الهيئة العامة للعقار، فأضف رقم ترخيصك في ملفك الشخصي عند التسجيل.',
    },
    {
      question: 'كم تستغرق مراجعة طلب المستأجر؟',
      answer:
        'يتواصل فريقنا مع المستأجر خلال ٢٤ إلى ٤٨ ساعة من اكتمال بياناته، وتتابع أنت حالة الطلب من لوحة التحكم أولاً بأول.',
    },
    {
      question: 'هل يلزم موافقة المالك؟',
      answer:
        'نعم. نحن نتعاقد مع المالك ونسدد له الإيجار، ويتضمن العقد بند التأجير من الباطن، لذلك نحتاج موافقة المالك قبل إتمام العقد.',
    },
    {
      question: 'متى وكيف تُدفع عمولتي؟',
      answer: `بعد توقيع العقود تُضاف عمولتك إلى حسابك في المنصة، وهي ${example.minimum} أو ${example.rate} من قيمة العقد أيهما أعلى، وتُحوَّل إلى حسابك البنكي (آيبان سعودي) خلال أيام عمل قليلة بعد طلب التحويل.`,
    },
    {
      question: 'هل تؤثر العمولة على أتعاب الوساطة المعتادة؟',
      answer: 'لا. أتعاب الوساطة التي تتقاضاها من عميلك كما هي دون أي خصم، وعمولتنا إضافة فوقها.',
    },
    {
      question: 'ما المدن التي تغطيها الخدمة؟',
      answer:
        'نعمل حالياً في المدن الرئيسية في المملكة مثل الرياض وجدة والدمام ومكة المكرمة والمدينة المنورة، ونتوسع باستمرار لتشمل مدناً أخرى.',
    },
  ];
}
