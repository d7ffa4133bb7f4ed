import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bankAccountBodySchema, formatDateTimeAr } from '#domain';
import { fieldErrors } from '#lib/api';
import { zodResolver } from '#lib/validation';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input } from '#ui/input';
import { PasswordInput } from '#ui/password-input';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { useBankAccount, useSetBankAccount } from './api';

type Form = z.input<typeof bankAccountBodySchema>;
type Values = z.output<typeof bankAccountBodySchema>;

/**
 * The IBAN every payout goes to (issue 16 item 2): only its last four digits shown, set or replaced
 * with the password again. Either holds payouts for 48 hours (issue 26), which the card says.
 */
export function BankAccountCard() {
  const account = useBankAccount();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(bankAccountBodySchema),
    defaultValues: { iban: '', password: '' },
  });
  const save = useSetBankAccount({
    onSuccess: () => {
      toast({ title: 'تم حفظ الحساب البنكي' });
      form.reset();
      setEditing(false);
    },
    onError: errorToast('خطأ', 'فشل في حفظ الحساب البنكي'),
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <Card className="space-y-3" role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId}>الحساب البنكي</CardTitle>
      <QueryView query={account} loading={null} quietOnError>
        {(data) => (
          <div className="space-y-3">
            {data.iban ? (
              <p className="text-sm">
                تُحوَّل عمولاتك إلى الآيبان المنتهي بـ{' '}
                <bdi dir="ltr" className="font-mono">
                  {data.iban.slice(-4)}
                </bdi>
              </p>
            ) : (
              <p className="text-sm text-slate-700">
                لم تسجّل رقم الآيبان بعد. سجّله هنا أو مع أول طلب تحويل.
              </p>
            )}
            {data.holdUntil ? (
              <Alert tone="warning">
                سجّلت الحساب البنكي مؤخراً، فتتوقف دفعاتك احتياطاً حتى{' '}
                {formatDateTimeAr(data.holdUntil)}.
              </Alert>
            ) : null}
            {editing ? (
              <form
                noValidate
                className="space-y-4"
                onSubmit={form.handleSubmit((values) => save.mutate(values))}
              >
                <FormField label="رقم الآيبان الجديد" error={errors.iban?.message ?? server.iban}>
                  {(control) => (
                    <Input
                      {...control}
                      {...form.register('iban')}
                      dir="ltr"
                      className="text-end"
                      autoComplete="off"
                    />
                  )}
                </FormField>
                <FormField
                  label="كلمة المرور الحالية"
                  error={errors.password?.message ?? server.password}
                  hint="حفظ الحساب البنكي أو تغييره يوقف دفعاتك ٤٨ ساعة احتياطاً، وتصلك رسالة بذلك."
                >
                  {(control) => (
                    <PasswordInput
                      {...control}
                      {...form.register('password')}
                      autoComplete="current-password"
                    />
                  )}
                </FormField>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" disabled={save.isPending}>
                    {save.isPending ? 'جاري الحفظ...' : 'حفظ الحساب البنكي'}
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setEditing(false)}>
                    إلغاء
                  </Button>
                </div>
              </form>
            ) : (
              <Button variant="outline" onClick={() => setEditing(true)}>
                {data.iban ? 'تغيير الحساب البنكي' : 'تسجيل الحساب البنكي'}
              </Button>
            )}
          </div>
        )}
      </QueryView>
    </Card>
  );
}
