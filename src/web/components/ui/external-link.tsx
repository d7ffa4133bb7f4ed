import type { ReactNode } from 'react';

/** Another site, in a new tab that gets no hold on this page (`noopener`) nor its address. */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
