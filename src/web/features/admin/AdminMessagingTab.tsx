import { useQuery } from '@tanstack/react-query';
import { Card } from '#ui/card';
import { QueryError } from '#ui/query-view';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import { settingQuery, useSaveSetting } from './api';

const KEY = 'sms_notifications_enabled';

/** The automatic SMS to tenants on a new referral: on unless stored as 'false'. */
export function AdminMessagingTab() {
  const setting = useQuery(settingQuery(KEY));
  const enabled = setting.data?.value !== 'false';
  const save = useSaveSetting(KEY, {
    onSuccess: () => toast({ title: 'تم حفظ الإعدادات' }),
    onError: errorToast('خطأ', 'حدث خطأ في تحديث الإعدادات'),
  });
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="font-bold">الرسائل النصية التلقائية للمستأجرين</p>
          <p className="text-sm text-slate-700">
            ترسل رابط إكمال البيانات للمستأجر عند إضافة طلب جديد.
          </p>
        </div>
        <Switch
          label="الرسائل النصية التلقائية للمستأجرين"
          checked={enabled}
          disabled={!setting.data || save.isPending}
          onCheckedChange={(on) =>
            save.mutate({
              key: KEY,
              value: String(on),
              description: 'إرسال رسالة نصية تلقائية للمستأجر عند إضافة طلب جديد',
            })
          }
        />
      </div>
      {/* Unread, the switch stays disabled: say why, and offer to read it again. */}
      {setting.isError && !setting.data ? (
        <QueryError query={setting} errorFallback="تعذر تحميل إعدادات الرسائل" />
      ) : null}
      {!enabled ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          الرسائل متوقفة: لن يصل المستأجرين رابط إكمال البيانات تلقائياً، ويمكن للوسيط نسخ الرابط
          وإرساله بنفسه.
        </p>
      ) : null}
    </Card>
  );
}
