import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { brokerTag, brokerTagsBody, formatNumberAr, MAX_BROKER_TAGS } from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { FormField, Input } from '#ui/input';
import { toast } from '#ui/toast';
import { type AdminBroker, useSetBrokerTags } from './api';

const newTagForm = z.object({ tag: brokerTag });
type Form = z.input<typeof newTagForm>;
type Values = z.output<typeof newTagForm>;

/**
 * «الوسوم» in a broker's details (decision 073): the team's tags on the broker, each removable,
 * and a new one added; every change sends the whole list. Read by the team only; the brokers
 * tab filters by them. `onChanged` gets the broker's row as the server answers it.
 */
export function TagsSection({
  broker,
  onChanged,
}: {
  broker: AdminBroker;
  onChanged: (broker: AdminBroker) => void;
}) {
  const titleId = useId();
  // What the list would have become: a refusal of the whole list (too many) is worded here.
  const [listError, setListError] = useState<string | null>(null);
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(newTagForm),
    defaultValues: { tag: '' },
  });
  const save = useSetBrokerTags({
    onSuccess: (changed, { tags }) => {
      onChanged(changed);
      if (tags.length > broker.tags.length) form.reset({ tag: '' });
      toast({ title: 'حُفظت الوسوم' });
    },
  });

  const send = (tags: string[]) => {
    const checked = brokerTagsBody.safeParse({ tags });
    if (!checked.success) {
      setListError(checked.error.issues[0]?.message ?? 'تعذر حفظ الوسوم');
      return;
    }
    setListError(null);
    save.mutate({ id: broker.id, tags: checked.data.tags });
  };

  const add = ({ tag }: Values) => {
    if (broker.tags.includes(tag)) {
      form.setError('tag', { message: 'هذا الوسم مضاف من قبل' });
      return;
    }
    if (broker.tags.length >= MAX_BROKER_TAGS) {
      setListError(`لا يزيد عدد الوسوم على ${formatNumberAr(MAX_BROKER_TAGS)}`);
      return;
    }
    send([...broker.tags, tag]);
  };

  const server = fieldErrors(save.error);
  const fieldError = form.formState.errors.tag?.message;
  const failure =
    listError ?? (save.error ? (server.tags ?? errorMessage(save.error, 'تعذر حفظ الوسوم')) : null);
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <h3 id={titleId} className="font-bold">
        الوسوم
      </h3>
      {broker.tags.length === 0 ? (
        <p className="text-sm text-slate-700">لا توجد وسوم على هذا الوسيط.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {broker.tags.map((tag) => (
            <li key={tag} className="min-w-0">
              <button
                type="button"
                aria-label={`إزالة الوسم ${tag}`}
                disabled={save.isPending}
                onClick={() => send(broker.tags.filter((other) => other !== tag))}
                className="inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full border border-sky-200 bg-sky-100 ps-3 pe-2 text-sm font-medium text-sky-900 hover:bg-sky-200 disabled:cursor-not-allowed disabled:opacity-70"
              >
                <span className="min-w-0 break-words">{tag}</span>
                <X aria-hidden="true" className="size-4 shrink-0" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        aria-label="إضافة وسم"
        className="space-y-2"
        onSubmit={form.handleSubmit(add)}
      >
        <FormField
          label="وسم جديد"
          error={fieldError}
          hint={`حتى ${formatNumberAr(MAX_BROKER_TAGS)} وسوم لكل وسيط، ولا يراها الوسيط.`}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('tag')}
              maxLength={30}
              autoComplete="off"
              className="sm:max-w-64"
            />
          )}
        </FormField>
        {failure && !fieldError ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? 'جاري الحفظ...' : 'إضافة الوسم'}
        </Button>
      </form>
    </section>
  );
}
