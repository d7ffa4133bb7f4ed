import { Link, useNavigate } from 'react-router';
import { useSession } from '#lib/session';
import { Alert } from '#ui/alert';
import { buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { PageLoading } from '#ui/feedback';
import { ChangePasswordForm } from './change-password-form';

export function MobileChangePasswordPage() {
  const { profile, isLoading } = useSession();
  const navigate = useNavigate();
  if (isLoading) return <PageLoading />;
  if (!profile) {
    return (
      <main id="main" className="mx-auto max-w-md space-y-4 p-4">
        <Alert tone="warning">يرجى تسجيل الدخول أولاً</Alert>
        <Link to="/mobile" className={buttonClasses('default', 'w-full')}>
          تسجيل الدخول
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-md space-y-4 p-4">
      <h1 className="text-xl font-bold">تغيير كلمة المرور</h1>
      <Card className="p-4">
        <ChangePasswordForm onChanged={() => navigate('/mobile-profile')} />
      </Card>
      <Link to="/mobile-profile" className={buttonClasses('ghost', 'w-full')}>
        العودة للملف الشخصي
      </Link>
    </main>
  );
}
