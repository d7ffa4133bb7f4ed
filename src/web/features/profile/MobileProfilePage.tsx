import { Building2, KeyRound, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { CITIES, cityLabel, formatPercentAr, profileFormSchema } from '#domain';
import { useLogout, useSession } from '#lib/session';
import { zodResolver } from '#lib/validation';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input, Textarea } from '#ui/input';
import { PhoneInput } from '#ui/phone-input';
import { ProfileAvatar, ProfileName } from '#ui/profile-name';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { useUpdateProfile } from './api';
import { DeleteAccountFlow } from './DeleteAccountFlow';
import { FalLicenseCard } from './FalLicenseCard';
import { NotifyByMessageSwitch } from './NotifyByMessageSwitch';
import { EDIT_PARAM } from './name-field';
import {
  CompletionBar,
  formCompletion,
  type ProfileForm,
  type ProfileValues,
  savedProfileFields,
} from './profile-form';
import { TaxProfileCard } from './TaxProfileCard';

const CITY_OPTIONS = CITIES.map((c) => ({ value: c.key, label: c.label }));

export function MobileProfilePage() {
  const logout = useLogout('/mobile');
  const { profile } = useSession();
  // Opened from the dashboard's «أكمل اسمك الكامل»: straight into edit mode on the name.
  const [params] = useSearchParams();
  const toName = params.get(EDIT_PARAM.name) === EDIT_PARAM.fullName;
  const [editing, setEditing] = useState(toName);
  const form = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    values: savedProfileFields(profile),
  });
  const save = useUpdateProfile({
    onSuccess: () =>
      toast({ title: 'تم تحديث الملف الشخصي', description: 'تم حفظ المعلومات بنجاح' }),
    onRefreshed: () => setEditing(false),
    onError: errorToast('خطأ في التحديث', 'حدث خطأ أثناء حفظ المعلومات'),
  });
  const { setFocus } = form;
  useEffect(() => {
    if (toName) setFocus('fullName');
  }, [toName, setFocus]);
  if (!profile) return null;

  // One figure with the desktop's for the same broker, moving as the form is filled.
  const completion = formCompletion(form.watch(), profile);
  const errors = form.formState.errors;
  const field = (key: keyof ProfileForm, label: string, extra: Record<string, string> = {}) => (
    <FormField label={label} error={errors[key]?.message}>
      {(control) =>
        key === 'bio' ? (
          <Textarea {...control} {...form.register(key)} disabled={!editing} />
        ) : key === 'secondPhone' ? (
          <PhoneInput {...control} {...form.register(key)} disabled={!editing} />
        ) : (
          <Input {...control} {...form.register(key)} disabled={!editing} {...extra} />
        )
      }
    </FormField>
  );

  return (
    <div className="space-y-4">
      <Card className="flex items-center gap-4 p-4">
        <ProfileAvatar profile={profile} className="size-14 text-xl" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="truncate text-lg font-bold">
            <ProfileName profile={profile} />
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={profile.isActive ? 'success' : 'warning'}>
              {profile.isActive ? 'مفعل' : 'غير مفعل'}
            </Badge>
            <bdi dir="ltr" className="font-mono text-sm">
              {profile.brokerCode}
            </bdi>
          </div>
        </div>
      </Card>
      <Card className="p-4">
        <p className="text-sm">اكتمال الملف الشخصي: {formatPercentAr(completion)}</p>
        <CompletionBar completion={completion} className="mt-2" />
      </Card>
      {!profile.isActive ? (
        <Alert tone="warning" className="space-y-2">
          <p>حسابك غير مفعل حالياً. تواصل مع الإدارة أو اطلب التفعيل من لوحة التحكم.</p>
          {profile.activationRequestedAt ? (
            <p>طلب التفعيل قيد المراجعة لدى الإدارة.</p>
          ) : (
            <Link to="/mobile-dashboard" className={buttonClasses('outline', 'w-full')}>
              طلب التفعيل من لوحة التحكم
            </Link>
          )}
        </Alert>
      ) : null}
      <NotifyByMessageSwitch profile={profile} className="p-4" />
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <Card className="space-y-3 p-4">
          <div className="flex items-center justify-between">
            <CardTitle>المعلومات الأساسية</CardTitle>
            <Button
              variant="outline"
              onClick={() => {
                // Cancelling puts back what is saved: the edits are undone, not kept hidden.
                if (editing) form.reset(savedProfileFields(profile));
                setEditing(!editing);
              }}
            >
              {editing ? 'إلغاء التعديل' : 'تعديل'}
            </Button>
          </div>
          {field('fullName', 'الاسم الكامل')}
          <FormField label="رقم الجوال">
            {(control) => <PhoneInput {...control} value={profile.phone} readOnly disabled />}
          </FormField>
          {field('email', 'البريد الإلكتروني', {
            type: 'email',
            dir: 'ltr',
            className: 'text-end',
          })}
        </Card>
        <Card className="space-y-3 p-4">
          <CardTitle>المعلومات المهنية</CardTitle>
          {field('officeName', 'اسم المكتب')}
          <FormField label="المدينة" error={errors.city?.message}>
            {(control) =>
              editing ? (
                <Controller
                  control={form.control}
                  name="city"
                  render={({ field: city }) => (
                    <Select
                      {...control}
                      value={city.value ?? ''}
                      onValueChange={city.onChange}
                      options={CITY_OPTIONS}
                      placeholder="اختر المدينة"
                    />
                  )}
                />
              ) : (
                <Input {...control} value={cityLabel(profile.city)} readOnly disabled />
              )
            }
          </FormField>
          {field('secondPhone', 'رقم جوال إضافي')}
          {field('bio', 'نبذة عنك')}
        </Card>
        {editing ? (
          <Button type="submit" className="w-full" disabled={save.isPending}>
            {save.isPending ? 'جاري الحفظ...' : 'حفظ'}
          </Button>
        ) : null}
      </form>
      <FalLicenseCard profile={profile} className="p-4" />
      <TaxProfileCard profile={profile} className="p-4" />
      <Link to="/mobile-office" className={buttonClasses('outline', 'w-full')}>
        <Building2 aria-hidden="true" className="size-4" />
        مكتبي
      </Link>
      <Link to="/mobile-change-password" className={buttonClasses('outline', 'w-full')}>
        <KeyRound aria-hidden="true" className="size-4" />
        تغيير كلمة المرور
      </Link>
      {/* Signing out is here too, so it never waits for the dashboard's figures. */}
      <Button variant="outline" className="w-full" onClick={() => void logout()}>
        <LogOut aria-hidden="true" className="size-4" />
        تسجيل الخروج
      </Button>
      <DeleteAccountFlow signedOutTo="/mobile" />
    </div>
  );
}
