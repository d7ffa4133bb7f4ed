import type { Profile } from '#lib/session';
import { Card } from '#ui/card';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import { useUpdateProfile } from './api';

const LABEL = 'أرسل لي رسالة عند تغيّر حالة طلباتي';

/** The broker's choice of a message when a referral's status changes (PATCH, on by default). */
export function NotifyByMessageSwitch({
  profile,
  className,
}: {
  profile: Profile;
  className?: string;
}) {
  const save = useUpdateProfile({
    onSuccess: (_, body) =>
      toast({
        title: 'تم حفظ تفضيل الإشعارات',
        description: body.notifyByMessage
          ? 'ستصلك رسالة عند تغيّر حالة طلباتك.'
          : 'لن تصلك رسائل عند تغيّر حالة طلباتك، وتبقى الإشعارات داخل المنصة.',
      }),
    onError: errorToast('تعذر حفظ التفضيل', 'حدث خطأ أثناء حفظ تفضيل الإشعارات'),
  });
  // While saving, the switch shows the new choice; then the profile read again.
  const checked =
    save.isPending && save.variables?.notifyByMessage !== undefined
      ? save.variables.notifyByMessage
      : profile.notifyByMessage;

  return (
    <Card className={className}>
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="font-bold">{LABEL}</p>
          <p className="text-sm text-slate-700">
            تصلك على جوالك المسجّل برسالة واتساب أو رسالة نصية، ومعها تذكير البرنامج إن توقفت عن
            الإحالة. بإيقافها لا يصلك أي منهما.
          </p>
        </div>
        <Switch
          label={LABEL}
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(on) => save.mutate({ notifyByMessage: on })}
        />
      </div>
    </Card>
  );
}
