import { renderToString } from 'react-dom/server';
import { brandFromEnv } from '#domain/brand';
import { commissionExample, faq } from './content';
import { LandingPage } from './LandingPage';

/** `__PUBLIC_URL__` is replaced by the server at start, from PUBLIC_URL. */
export const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: `<` escaped so no text can close the element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The landing page's body and head, rendered at build time by scripts/prerender.mjs. */
export function renderLanding(env: Record<string, string | undefined>): {
  html: string;
  head: string;
} {
  const brand = brandFromEnv(env);
  const title = `${brand.productName} | عمولة إضافية للوسطاء العقاريين مع كل إيجار شهري`;
  const { minimum, rate } = commissionExample();
  const description = `سجّل مجاناً في ${brand.productName} وأحِل المستأجرين الراغبين في دفع الإيجار شهرياً، وتابع طلباتهم لحظة بلحظة، واكسب ${minimum} أو ${rate} من قيمة العقد أيهما أعلى فوق أتعابك المعتادة.`;
  const url = `${PUBLIC_URL_TOKEN}/`;
  const image = `${PUBLIC_URL_TOKEN}/icons/og-image.png`;
  const imageAlt = `شعار ${brand.productName}: عمولة إضافية للوسطاء العقاريين مع كل إيجار شهري`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.productName,
    url,
    logo: `${PUBLIC_URL_TOKEN}/icons/icon-512.png`,
    description: brand.providerDescription,
    email: brand.email,
    telephone: brand.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.address,
      addressLocality: 'الرياض',
      addressCountry: 'SA',
    },
    sameAs: Object.values(brand.social),
  };
  const faqPage = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq(brand).map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="ar_SA" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.productName)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}" />`,
    jsonLd(organization),
    jsonLd(faqPage),
  ].join('\n    ');
  return { html: renderToString(<LandingPage brand={brand} />), head };
}
