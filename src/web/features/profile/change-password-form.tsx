import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordFormSchema } from '#domain';
import { zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
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

/**
 * The current password, the new one twice: the phone's page and the desktop profile's card
 * (issue 32: the desktop had no way to change it). `onChanged` runs after the toast.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema) });
  const change = useChangePassword({
    onSuccess: () => {
      toast({ title: 'تم تغيير كلمة المرور' });
      form.reset();
      onChanged();
    },
    onError: errorToast('خطأ', 'حدث خطأ أثناء تغيير كلمة المرور'),
  });
  return (
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
            <PasswordInput {...control} {...form.register(f.name)} autoComplete={f.autoComplete} />
          )}
        </FormField>
      ))}
      <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending}>
        {change.isPending ? 'جاري الحفظ...' : 'تغيير كلمة المرور'}
      </Button>
    </form>
  );
}
