import { CommissionsView } from './CommissionsView';

export function CommissionsPage() {
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">العمولات</h1>
      <CommissionsView app="desktop" />
    </div>
  );
}
