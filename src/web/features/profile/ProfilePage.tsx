import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CITIES, formatPercentAr, profileFormSchema } from '#domain';
import { BRAND } from '#lib/brand';
import { useLogout, useSession } from '#lib/session';
import { zodResolver } from '#lib/validation';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input, Textarea } from '#ui/input';
import { PhoneInput } from '#ui/phone-input';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { useReplaceProfile } from './api';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountFlow } from './DeleteAccountFlow';
import { FalLicenseCard } from './FalLicenseCard';
import { NotifyByMessageSwitch } from './NotifyByMessageSwitch';
import {
  CompletionBar,
  formCompletion,
  type ProfileForm,
  type ProfileValues,
  savedProfileFields,
} from './profile-form';
import { TaxProfileCard } from './TaxProfileCard';

const CITY_OPTIONS = CITIES.map((c) => ({ value: c.key, label: c.label }));

/**
 * /profile-setup and /profile: the broker's own details (the phone is shown, never edited), the
 * FAL licence, the password and the account's deletion, as the phone's profile has them.
 */
export function ProfilePage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const logout = useLogout('/login');
  const form = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: savedProfileFields(profile),
  });
  const save = useReplaceProfile({
    onSuccess: () => toast({ title: 'تم حفظ الملف الشخصي' }),
    onRefreshed: () => navigate('/dashboard'),
    onError: errorToast('خطأ', 'حدث خطأ في حفظ الملف الشخصي'),
  });
  if (!profile) return null;

  // As the form stands: the same figure as the phone's for what is saved, moving as it is filled.
  const completion = formCompletion(form.watch(), profile);
  const errors = form.formState.errors;

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold">الملف الشخصي</h1>
        <p className="mt-1 text-slate-700">
          مرحباً بك في {BRAND.productName}! أكمل بياناتك ليتعرّف عليك فريقنا ويسهل التواصل معك بخصوص
          طلباتك وعمولاتك.
        </p>
      </div>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-slate-700">رمز الوسيط</p>
            <p className="font-mono text-xl font-bold text-brand-800" dir="ltr">
              {profile.brokerCode}
            </p>
          </div>
          <p className="max-w-xs text-sm text-slate-700">
            استخدم هذا الرمز في جميع تعاملاتك الرسمية مع {BRAND.productName}.
          </p>
        </div>
        <div>
          <div className="flex justify-between text-sm">
            <span>اكتمال الملف الشخصي</span>
            <span className="font-bold">{formatPercentAr(completion)}</span>
          </div>
          <CompletionBar completion={completion} className="mt-1" />
        </div>
      </Card>
      <NotifyByMessageSwitch profile={profile} />
      <Card>
        <CardTitle className="mb-4">بياناتك</CardTitle>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <FormField label="رقم الجوال" hint="لا يمكن تغيير رقم الجوال">
            {(control) => <PhoneInput {...control} value={profile.phone} readOnly />}
          </FormField>
          <FormField label="الاسم الكامل" error={errors.fullName?.message}>
            {(control) => <Input {...control} {...form.register('fullName')} autoComplete="name" />}
          </FormField>
          <FormField label="اسم المكتب (اختياري)" error={errors.officeName?.message}>
            {(control) => (
              <Input {...control} {...form.register('officeName')} autoComplete="organization" />
            )}
          </FormField>
          <FormField label="المدينة (اختياري)" error={errors.city?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="city"
                render={({ field }) => (
                  <Select
                    {...control}
                    value={field.value ?? ''}
                    onValueChange={field.onChange}
                    options={CITY_OPTIONS}
                    placeholder="اختر المدينة"
                  />
                )}
              />
            )}
          </FormField>
          <FormField label="رقم جوال إضافي (اختياري)" error={errors.secondPhone?.message}>
            {(control) => (
              <PhoneInput {...control} {...form.register('secondPhone')} placeholder="05xxxxxxxx" />
            )}
          </FormField>
          <FormField label="البريد الإلكتروني (اختياري)" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('email')}
                type="email"
                autoComplete="email"
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
          <FormField label="نبذة عنك (اختياري)" error={errors.bio?.message}>
            {(control) => <Textarea {...control} {...form.register('bio')} />}
          </FormField>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'جاري الحفظ...' : 'حفظ الملف الشخصي'}
            </Button>
            <Button variant="outline" onClick={() => navigate('/dashboard')}>
              تخطي الآن
            </Button>
            <Button variant="ghost" className="ms-auto text-red-800" onClick={() => void logout()}>
              تسجيل الخروج
            </Button>
          </div>
        </form>
      </Card>
      <FalLicenseCard profile={profile} />
      <TaxProfileCard profile={profile} />
      <Card className="space-y-3">
        <CardTitle>مكتب الوساطة</CardTitle>
        <p className="text-sm text-slate-700">
          سجّل منشأتك وادعُ وسطاءها، أو انضم إلى مكتب دعاك إليه صاحبه.
        </p>
        <Link to="/office" className={buttonClasses('outline')}>
          مكتبي
        </Link>
      </Card>
      <AccountSecurity />
    </div>
  );
}

/** The password, changed in place, and the account's deletion. */
function AccountSecurity() {
  const [changing, setChanging] = useState(false);
  const titleId = useId();
  return (
    <Card className="space-y-4" role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId}>كلمة المرور والحساب</CardTitle>
      {changing ? (
        <div className="space-y-2">
          <ChangePasswordForm onChanged={() => setChanging(false)} />
          <Button variant="ghost" onClick={() => setChanging(false)}>
            إلغاء
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setChanging(true)}>
          <KeyRound aria-hidden="true" className="size-4" />
          تغيير كلمة المرور
        </Button>
      )}
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          حذف الحساب نهائي: تُحذف بياناتك وتُغلق طلباتك المفتوحة.
        </p>
        <DeleteAccountFlow signedOutTo="/login" />
      </div>
    </Card>
  );
}
