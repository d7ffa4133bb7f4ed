import { useSession } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { Tabs } from '../../components/ui/tabs';
import { AdminReferralsTab } from './AdminReferralsTab';

/** /admin: the operations console. */
export function AdminPage() {
  const { profile } = useSession();
  if (!profile?.isAdmin && !profile?.isSuperAdmin)
    return <Alert>غير مخول للوصول لهذه الصفحة</Alert>;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">لوحة الإدارة</h1>
      <Tabs
        label="أقسام لوحة الإدارة"
        items={[{ value: 'referrals', label: 'الإحالات', content: <AdminReferralsTab /> }]}
      />
    </div>
  );
}
