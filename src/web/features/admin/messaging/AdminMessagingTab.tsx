import { useQuery } from '@tanstack/react-query';
import { MessageCircle, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { whatsappHref } from '#domain';
import { BRAND } from '#lib/brand';
import { buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { QueryError } from '#ui/query-view';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import { settingQuery, useSaveSetting } from './api';
import { CrmTestTool } from './CrmTestTool';
import { OutboxList } from './OutboxList';

const KEY = 'sms_notifications_enabled';

/**
 * The messaging tab: the automatic SMS switch, the way to the messaging settings, the WhatsApp
 * note, the CRM test tool and the outbox.
 */
export function AdminMessagingTab() {
  return (
    <div className="space-y-6">
      <SmsSwitch />
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="font-bold">القناة المفضلة وقوالب واتساب</p>
            <p className="text-sm text-slate-700">
              اختيار قناة الإرسال، وحالة مزوّدي الخدمة، وقوالب واتساب ورسالة الاختبار.
            </p>
          </div>
          <Link to="/messaging-config" className={buttonClasses('outline')}>
            <Settings aria-hidden="true" className="size-4" />
            إعدادات الرسائل المتقدمة
          </Link>
        </div>
        <div role="note" className="space-y-1 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          <p>
            رقم واتساب {BRAND.productName} للتواصل، وهو الرقم الظاهر للوسطاء والمستأجرين في الصفحة
            الرئيسية:
          </p>
          <a
            href={whatsappHref(BRAND.whatsapp)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 font-bold underline underline-offset-4"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            <bdi dir="ltr">{BRAND.whatsapp}</bdi>
          </a>
          <p>أما رسائل واتساب الآلية فتُضبط من «إعدادات الرسائل المتقدمة».</p>
        </div>
      </Card>
      <CrmTestTool />
      <OutboxList />
    </div>
  );
}

/** The automatic SMS to tenants on a new referral: on unless stored as 'false'. */
function SmsSwitch() {
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
