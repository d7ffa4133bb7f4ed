import { hydrateRoot } from 'react-dom/client';
import { BRAND } from '#lib/brand';
import { LandingHeader } from './features/landing/LandingHeader';

/** Hydrates the prerendered header, the landing page's one interactive part. */
export function hydrateHeader(): void {
  const header = document.getElementById('landing-header');
  if (header) hydrateRoot(header, <LandingHeader brand={BRAND} />);
}
