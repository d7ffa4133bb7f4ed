import { hydrateRoot } from 'react-dom/client';
import '#lib/effects-as-react-runs-them';
import { BRAND } from '#lib/brand';
import { CommissionCalculator } from './features/landing/CommissionCalculator';
import { LandingHeader } from './features/landing/LandingHeader';

/** Hydrates the landing page's interactive parts: the prerendered header and calculator. */
export function hydrateHeader(): void {
  const header = document.getElementById('landing-header');
  if (header) hydrateRoot(header, <LandingHeader brand={BRAND} />);
  const calculator = document.getElementById('commission-calculator');
  if (calculator) {
    hydrateRoot(calculator, <CommissionCalculator productName={BRAND.productName} />);
  }
}
