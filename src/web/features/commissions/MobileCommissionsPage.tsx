import { CommissionList } from './CommissionList';
import { CommissionTiles } from './CommissionTiles';
import { EarningsSection } from './EarningsSection';

export function MobileCommissionsPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">عمولاتي</h1>
      <CommissionTiles className="grid grid-cols-2 gap-3" />
      <EarningsSection />
      <CommissionList />
    </div>
  );
}
