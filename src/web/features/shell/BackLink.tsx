import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/**
 * «رجوع» to the page a detail page belongs to. The arrow points right: back, in right-to-left.
 * `to` names the destination for screen readers («رجوع إلى إحالاتي»).
 */
export function BackLink({ href, to }: { href: string; to: string }) {
  return (
    <Link
      to={href}
      className="-ms-2 mb-2 inline-flex min-h-11 min-w-11 items-center gap-2 rounded-lg px-2 font-medium text-brand-800 hover:bg-brand-50"
    >
      <ArrowRight aria-hidden="true" className="size-5" />
      رجوع<span className="sr-only"> إلى {to}</span>
    </Link>
  );
}
