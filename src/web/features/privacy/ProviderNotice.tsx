import { BadgeCheck, type LucideIcon, Mail, MessageCircle, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FAL_LICENSE_PREFIX, whatsappHref } from '#domain';
import { BRAND } from '#lib/brand';
import { cn } from '#lib/cn';
import { ExternalLink } from '#ui/external-link';
import { Skeleton } from '#ui/feedback';
import { type Provider, useProvider } from './api';
import { KEPT, NOT_SOLD, PROVIDER_UNAVAILABLE } from './copy';

/** The brand's mark (the app icon's drawing), inline: no request, nothing shifts when it loads. */
function BrandMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" className={className}>
      <rect width="512" height="512" rx="96" fill="#0f766e" />
      <path
        d="M128 300c0-70 57-128 128-128s128 58 128 128"
        fill="none"
        stroke="#fff"
        strokeWidth="40"
        strokeLinecap="round"
      />
      <circle cx="256" cy="300" r="44" fill="#fff" />
      <path d="M256 96v64" stroke="#99f6e4" strokeWidth="36" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The top of every page a tenant opens (decision record 059): the mark, the product's name and
 * who licenses the provider, before anything is asked of them.
 */
export function TenantBrand() {
  const provider = useProvider();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-lg items-center gap-3 px-4 py-3">
        <BrandMark className="size-10 shrink-0" />
        <div className="min-w-0">
          <p className="text-xl font-bold text-brand-800">{BRAND.productName}</p>
          {/* Its height is kept while the provider loads: nothing below moves. */}
          <p className="flex min-h-5 items-center gap-1 text-xs text-slate-700">
            {provider.data ? (
              <>
                <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                خدمة مرخّصة من {provider.data.licenseIssuer}
              </>
            ) : null}
          </p>
        </div>
      </div>
    </header>
  );
}

/** The provider's legal identity in one sentence; numbers are identifiers, kept left to right. */
export function ProviderIdentity({ provider }: { provider: Provider }) {
  return (
    <p>
      {provider.legalName}، سجل تجاري رقم <bdi dir="ltr">{provider.commercialRegistration}</bdi>،
      مرخّصة من {provider.licenseIssuer} بترخيص رقم <bdi dir="ltr">{provider.licenseNumber}</bdi>.
    </p>
  );
}

/** The broker's FAL licence (the Real Estate General Authority's), as the tenant's pages show it. */
export function FalLicence({ licence }: { licence: string }) {
  return (
    <p className="flex items-center gap-1 text-sm text-slate-700">
      <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
      {FAL_LICENSE_PREFIX} <bdi dir="ltr">{licence}</bdi>
    </p>
  );
}

/** A way to reach the provider: a screen reader says which before the number or the address. */
function ContactLink({
  href,
  icon: Icon,
  label,
  value,
  newTab = false,
}: {
  href: string;
  icon: LucideIcon;
  label: string;
  value: string;
  newTab?: boolean;
}) {
  return (
    <li>
      <a
        href={href}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800"
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{`${label} `}</span>
        <bdi dir="ltr">{value}</bdi>
      </a>
    </li>
  );
}

/** How to reach the provider: WhatsApp, the support phone and e-mail. */
export function ProviderContacts({ provider }: { provider: Provider }) {
  return (
    <>
      <ContactLink
        href={whatsappHref(provider.whatsapp)}
        icon={MessageCircle}
        label="واتساب"
        value={provider.whatsapp}
        newTab
      />
      <ContactLink
        href={`tel:${provider.phone}`}
        icon={Phone}
        label="هاتف الدعم"
        value={provider.phone}
      />
      <ContactLink
        href={`mailto:${provider.email}`}
        icon={Mail}
        label="بريد الدعم"
        value={provider.email}
      />
    </>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4';

/**
 * What a page collects, why, on what basis and who sees it: the short notice (PDPL art. 12);
 * how long it is kept and that nothing is sold are the same on every page.
 */
export type PrivacySummary = {
  collected: string;
  purpose: string;
  basis: string;
  sharedWith: string;
};

/**
 * Who asks for the tenant's data, and what becomes of it: the provider's identity, the short
 * privacy notice with a link to the full one, and how to reach the provider. Shown in every
 * state of the tenant's pages, the dead ends included, so a tenant can check the request is
 * genuine.
 */
function ProviderNotice({
  intro,
  privacy,
  className,
}: {
  intro: ReactNode;
  privacy: PrivacySummary;
  className?: string;
}) {
  const provider = useProvider();
  return (
    <section
      aria-labelledby="company-notice-title"
      className={cn(
        'space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm leading-6 text-slate-700',
        className,
      )}
    >
      <h2 id="company-notice-title" className="flex items-center gap-2 font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        من يطلب بياناتك؟
      </h2>
      <p>{intro}</p>
      {provider.data ? (
        <ProviderIdentity provider={provider.data} />
      ) : provider.isError ? (
        <p>{PROVIDER_UNAVAILABLE}</p>
      ) : (
        <Skeleton className="h-12" />
      )}
      <dl className="space-y-2 rounded-lg bg-slate-50 p-3">
        {(
          [
            ['ما نجمعه', privacy.collected],
            ['لماذا', privacy.purpose],
            ['على أي أساس', privacy.basis],
            ['من يطّلع عليها', privacy.sharedWith],
            ['مدة الحفظ', KEPT],
          ] as const
        ).map(([term, text]) => (
          <div key={term}>
            <dt className="font-bold text-slate-900">{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p>{NOT_SOLD}</p>
      <ul className="flex flex-wrap gap-x-4">
        <li>
          <a href="/privacy" target="_blank" rel="noopener" className={linkClass}>
            إشعار الخصوصية كاملاً
          </a>
        </li>
        {provider.data ? (
          <>
            <li>
              <ExternalLink href={provider.data.privacyUrl} className={linkClass}>
                سياسة الخصوصية
              </ExternalLink>
            </li>
            <ProviderContacts provider={provider.data} />
          </>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * A tenant's page: the brand on top, the page, then who asks for the data (ProviderNotice),
 * in every state, so a tenant can check the request is genuine.
 */
export function TenantShell({
  intro,
  privacy,
  children,
}: {
  intro: ReactNode;
  privacy: PrivacySummary;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <TenantBrand />
      <main id="main" className="mx-auto max-w-lg space-y-4 p-4">
        {children}
        <ProviderNotice intro={intro} privacy={privacy} />
      </main>
    </div>
  );
}
