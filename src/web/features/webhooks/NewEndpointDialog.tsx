import { Controller, useForm } from 'react-hook-form';
import { webhookCreateBody } from '#contract/webhooks';
import { WEBHOOK_EVENTS, type WebhookEvent, webhookEventLabel } from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';
import { type EndpointWithSecret, useCreateEndpoint } from './api';

function EventChoices({
  selected,
  onChange,
  error,
}: {
  selected: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-1" aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">الأحداث</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={selected.includes(event)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? [...selected, event]
                  : selected.filter((chosen) => chosen !== event),
              )
            }
          />
          <span>{webhookEventLabel(event)}</span>
        </label>
      ))}
      {error ? (
        <p id="webhook-events-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const body = webhookCreateBody.shape;
/** The endpoint the server takes; an empty description is none. */
const newEndpointForm = z.object({
  url: body.url,
  description: z
    .string()
    .transform((text) => text || null)
    .pipe(body.description.unwrap()),
  events: body.events,
});
type Form = z.input<typeof newEndpointForm>;
type Values = z.output<typeof newEndpointForm>;
const EMPTY: Form = { url: '', description: '', events: [...WEBHOOK_EVENTS] };

/** A new endpoint: its address, a description and the events it receives. */
export function NewEndpointDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: EndpointWithSecret) => void;
}) {
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(newEndpointForm),
    defaultValues: EMPTY,
  });
  const create = useCreateEndpoint({
    onSuccess: (created) => {
      onOpenChange(false);
      form.reset(EMPTY);
      onCreated(created);
    },
  });
  // The form's own messages first, then those the server sent for a field (an address inside
  // the network is refused only there).
  const server = fieldErrors(create.error);
  const invalid = form.formState.errors;
  const errors = {
    url: invalid.url?.message ?? server.url,
    description: invalid.description?.message ?? server.description,
    events: invalid.events?.message ?? server.events,
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="إضافة نقطة استقبال"
      description="يُرسَل كل حدث تختاره إلى هذا الرابط موقّعاً بسرّ تحصل عليه بعد الحفظ."
    >
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
        noValidate
      >
        <FormField label="رابط نقطة الاستقبال" error={errors.url}>
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              type="url"
              inputMode="url"
              placeholder="https://example.com/webhooks/shareek"
              {...form.register('url')}
            />
          )}
        </FormField>
        <FormField label="وصف (اختياري)" error={errors.description}>
          {(control) => <Input {...control} {...form.register('description')} />}
        </FormField>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <EventChoices selected={field.value} onChange={field.onChange} error={errors.events} />
          )}
        />
        {create.error && !server.url && !server.events ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(create.error, 'تعذر حفظ نقطة الاستقبال')}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={create.isPending}>
          {create.isPending ? 'جاري الحفظ...' : 'حفظ'}
        </Button>
      </form>
    </Dialog>
  );
}
