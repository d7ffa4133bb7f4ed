import { useState } from 'react';
import { PREFERRED_CHANNELS, type PreferredChannel, preferredChannelLabel } from '#domain';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import { type MessagingConfig, useSaveMessagingConfig } from './api';

const FALLBACK_LABEL = 'التحويل التلقائي إلى الرسائل النصية عند تعذر واتساب';

/** The preferred channel and the fallback, saved together. */
export function ChannelSettings({ config }: { config: MessagingConfig }) {
  const [channel, setChannel] = useState<PreferredChannel>(config.preferredChannel);
  const [fallback, setFallback] = useState(config.fallbackEnabled);
  const save = useSaveMessagingConfig({
    onSuccess: () => toast({ title: 'تم حفظ إعدادات الرسائل' }),
    onError: errorToast('تعذر حفظ الإعدادات', 'حدث خطأ أثناء حفظ إعدادات الرسائل'),
  });
  const usesWhatsapp = channel !== 'sms';

  return (
    <Card className="space-y-4">
      <CardTitle>قناة الإرسال</CardTitle>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ preferredChannel: channel, fallbackEnabled: fallback });
        }}
      >
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">
            القناة المفضلة لرسائل المستأجرين والوسطاء
          </legend>
          {PREFERRED_CHANNELS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="preferred-channel"
                value={value}
                checked={channel === value}
                onChange={() => setChannel(value)}
                className="size-5 accent-brand-700"
              />
              <span>{preferredChannelLabel(value)}</span>
            </label>
          ))}
        </fieldset>
        {usesWhatsapp && !config.whatsapp.configured ? (
          <Alert tone="warning">
            واتساب غير مُعدّ بعد، فلن تُرسل رسائله حتى تُضبط متغيرات البيئة الخاصة به.
          </Alert>
        ) : null}
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium">{FALLBACK_LABEL}</p>
            <p className="text-sm text-slate-700">
              إذا تعذر إرسال رسالة واتساب، يُرسل نصها نفسه برسالة نصية.
            </p>
          </div>
          <Switch label={FALLBACK_LABEL} checked={fallback} onCheckedChange={setFallback} />
        </div>
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'جاري الحفظ...' : 'حفظ الإعدادات'}
        </Button>
      </form>
    </Card>
  );
}
