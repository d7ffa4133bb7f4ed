import { useState } from 'react';
import { normalizeSaudiMobile, toLatinDigits } from '#domain';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input, Textarea } from '#ui/input';
import { errorToast, toast } from '#ui/toast';
import { useSendTestMessage } from './api';

const DEFAULT_TEXT = 'رسالة اختبار من إعدادات الرسائل';

/** Any typed mobile (Arabic-Indic digits too) as 05XXXXXXXX, else as typed in Latin digits. */
const typedPhone = (text: string) => normalizeSaudiMobile(text) ?? toLatinDigits(text.trim());

/** Sends a test message on WhatsApp and shows the server's verdict in a toast. */
export function TestMessageForm() {
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState(DEFAULT_TEXT);
  const send = useSendTestMessage({
    onSuccess: (result) =>
      toast(
        result.success
          ? { title: 'تم إرسال رسالة الاختبار', description: result.message }
          : {
              title: 'تعذر إرسال رسالة الاختبار',
              description: result.message,
              variant: 'destructive',
            },
      ),
    onError: errorToast('تعذر إرسال رسالة الاختبار', 'حدث خطأ أثناء إرسال رسالة الاختبار'),
  });
  const ready = phone.trim() !== '' && message.trim() !== '';

  return (
    <Card className="space-y-4">
      <CardTitle>رسالة اختبار</CardTitle>
      <p className="text-sm text-slate-700">
        تُرسل عبر قالب تحديث الحالة إلى الرقم الذي تحدده، للتأكد من أن واتساب يعمل.
      </p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) send.mutate({ phone: typedPhone(phone), message: message.trim() });
        }}
      >
        <FormField label="رقم الجوال">
          {(control) => (
            <Input
              {...control}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              dir="ltr"
              className="text-end"
              placeholder="05xxxxxxxx"
              maxLength={20}
            />
          )}
        </FormField>
        <FormField label="نص الرسالة">
          {(control) => (
            <Textarea
              {...control}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={300}
            />
          )}
        </FormField>
        <Button type="submit" disabled={!ready || send.isPending} className="w-full sm:w-auto">
          {send.isPending ? 'جاري الإرسال...' : 'إرسال رسالة الاختبار'}
        </Button>
      </form>
    </Card>
  );
}
