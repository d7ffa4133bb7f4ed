import { CommissionsView } from './CommissionsView';

/** «عمولاتي»: the same money and the same actions as the desktop page, laid out for a phone. */
export function MobileCommissionsPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">عمولاتي</h1>
      <CommissionsView app="phone" />
    </div>
  );
}
