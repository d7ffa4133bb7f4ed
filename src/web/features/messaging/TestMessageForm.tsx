import { useForm } from 'react-hook-form';
import { testWhatsappBody } from '#contract/messaging';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Textarea } from '#ui/input';
import { PhoneInput, typedPhone } from '#ui/phone-input';
import { errorToast, toast } from '#ui/toast';
import { useSendTestMessage } from './api';

const DEFAULT_TEXT = 'رسالة اختبار من إعدادات الرسائل';

const test = testWhatsappBody.shape;
/** The test the server takes; a Saudi mobile typed any way is sent as 05XXXXXXXX. */
const testMessageForm = z.object({
  phone: z.string().transform(typedPhone).pipe(test.phone),
  message: test.message,
});

/** Sends a test message on WhatsApp and shows the server's verdict in a toast. */
export function TestMessageForm() {
  const form = useForm<z.input<typeof testMessageForm>, unknown, z.output<typeof testMessageForm>>({
    resolver: zodResolver(testMessageForm),
    defaultValues: { phone: '', message: DEFAULT_TEXT },
  });
  const errors = form.formState.errors;
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
  const ready = form.watch('phone').trim() !== '' && form.watch('message').trim() !== '';

  return (
    <Card className="space-y-4">
      <CardTitle>رسالة اختبار</CardTitle>
      <p className="text-sm text-slate-700">
        تُرسل عبر قالب تحديث الحالة إلى الرقم الذي تحدده، للتأكد من أن واتساب يعمل.
      </p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((body) => {
          if (ready) send.mutate(body);
        })}
      >
        <FormField label="رقم الجوال" error={errors.phone?.message}>
          {(control) => (
            <PhoneInput
              {...control}
              {...form.register('phone')}
              autoComplete="off"
              placeholder="05xxxxxxxx"
              maxLength={20}
            />
          )}
        </FormField>
        <FormField label="نص الرسالة" error={errors.message?.message}>
          {(control) => <Textarea {...control} {...form.register('message')} maxLength={300} />}
        </FormField>
        <Button type="submit" disabled={!ready || send.isPending} className="w-full sm:w-auto">
          {send.isPending ? 'جاري الإرسال...' : 'إرسال رسالة الاختبار'}
        </Button>
      </form>
    </Card>
  );
}
