import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { changePasswordFormSchema } from '#domain';
import { useSession } from '#lib/session';
import { Alert } from '#ui/alert';
import { Button, buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { PageLoading } from '#ui/feedback';
import { FormField } from '#ui/input';
import { PasswordInput } from '#ui/password-input';
import { errorToast, toast } from '#ui/toast';
import { useChangePassword } from './api';

type Values = z.output<typeof changePasswordFormSchema>;

const FIELDS = [
  { name: 'currentPassword', label: 'كلمة المرور الحالية', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'كلمة المرور الجديدة', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'تأكيد كلمة المرور الجديدة', autoComplete: 'new-password' },
] as const;

export function MobileChangePasswordPage() {
  const { profile, isLoading } = useSession();
  const navigate = useNavigate();
  const form = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema) });
  const change = useChangePassword({
    onSuccess: () => {
      toast({ title: 'تم تغيير كلمة المرور' });
      navigate('/mobile-profile');
    },
    onError: errorToast('خطأ', 'حدث خطأ أثناء تغيير كلمة المرور'),
  });
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
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
            change.mutate({ currentPassword, newPassword }),
          )}
        >
          {FIELDS.map((f) => (
            <FormField key={f.name} label={f.label} error={form.formState.errors[f.name]?.message}>
              {(control) => (
                <PasswordInput
                  {...control}
                  {...form.register(f.name)}
                  autoComplete={f.autoComplete}
                />
              )}
            </FormField>
          ))}
          <Button type="submit" className="w-full" disabled={change.isPending}>
            {change.isPending ? 'جاري الحفظ...' : 'تغيير كلمة المرور'}
          </Button>
        </form>
      </Card>
      <Link to="/mobile-profile" className={buttonClasses('ghost', 'w-full')}>
        العودة للملف الشخصي
      </Link>
    </main>
  );
}
