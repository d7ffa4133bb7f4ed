import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  arabicCount,
  BROADCAST_AUDIENCES,
  type BroadcastAudience,
  broadcastAudienceLabel,
  broadcastBody,
  CITIES,
  formatDateTimeAr,
  formatNumberAr,
  inGenitive,
  NOUNS,
} from '#domain';
import { errorMessage } from '#lib/api';
import { useListParams } from '#lib/use-list-params';
import { fieldIssues, z } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { ConfirmDialog } from '#ui/dialog';
import { FormField, Textarea } from '#ui/input';
import { NativeSelect } from '#ui/native-select';
import { PagedList } from '#ui/paged-list';
import { toast } from '#ui/toast';
import {
  audienceQuery,
  type Broadcast,
  broadcastGroupsQuery,
  broadcastsQuery,
  useSendBroadcast,
} from '../../conversations';

const PAGE = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/**
 * «الرسائل الجماعية» (decision 079): one message to every broker of a group, a city or the
 * dormant, except those who muted broadcasts; how many it will reach is shown before sending,
 * and each broadcast sent keeps its delivery counts.
 */
export function BroadcastsSection() {
  const { values, set } = useListParams(PAGE, 'broadcasts');
  const sent = useQuery(broadcastsQuery(values.page));
  return (
    <div className="space-y-4">
      <BroadcastForm />
      <Card className="space-y-3">
        <CardTitle>الرسائل الجماعية المرسلة</CardTitle>
        <PagedList
          query={sent}
          empty="لم تُرسل رسائل جماعية بعد"
          errorFallback="تعذر تحميل الرسائل الجماعية"
          pages={{
            label: 'صفحات الرسائل الجماعية',
            page: values.page,
            onPage: (page) => set({ page }),
          }}
        >
          {(data) => (
            <ul aria-label="الرسائل الجماعية المرسلة" className="divide-y divide-slate-200">
              {data.items.map((broadcast) => (
                <BroadcastRow key={broadcast.id} broadcast={broadcast} />
              ))}
            </ul>
          )}
        </PagedList>
      </Card>
    </div>
  );
}

type Values = { audience: BroadcastAudience | ''; groupId: string; city: string; body: string };
const EMPTY: Values = { audience: '', groupId: '', city: '', body: '' };

function BroadcastForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const groups = useQuery(broadcastGroupsQuery());
  const chosen =
    values.audience === 'dormant' ||
    (values.audience === 'group' && values.groupId !== '') ||
    (values.audience === 'city' && values.city !== '');
  const audience = useQuery({
    ...audienceQuery({
      audience: values.audience || 'dormant',
      ...(values.audience === 'group' ? { groupId: values.groupId } : {}),
      ...(values.audience === 'city' ? { city: values.city } : {}),
    }),
    enabled: chosen,
  });
  const send = useSendBroadcast({
    onSuccess: (broadcast) => {
      setConfirming(false);
      setValues(EMPTY);
      toast({
        title: `أُرسلت الرسالة الجماعية إلى ${arabicCount(broadcast.recipients, inGenitive(NOUNS.broker))}`,
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: errorMessage(error, 'تعذر إرسال الرسالة الجماعية'),
        variant: 'destructive',
      });
    },
  });
  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const check = () => {
    const parsed = broadcastBody.safeParse({
      audience: values.audience || undefined,
      groupId: values.groupId || null,
      city: values.city || null,
      body: values.body,
    });
    if (parsed.success) {
      setErrors({});
      setConfirming(true);
      return;
    }
    setErrors(fieldIssues(parsed.error));
  };
  const size = audience.data;
  return (
    <Card className="space-y-3">
      <CardTitle>رسالة جماعية جديدة</CardTitle>
      <form
        noValidate
        aria-label="رسالة جماعية جديدة"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <FormField label="من تصلهم الرسالة" error={errors.audience}>
          {(control) => (
            <NativeSelect
              {...control}
              value={values.audience}
              placeholder="اختر من تصلهم الرسالة"
              options={BROADCAST_AUDIENCES.map((key) => ({
                value: key,
                label: broadcastAudienceLabel(key),
              }))}
              onChange={(event) => change('audience', event.target.value)}
            />
          )}
        </FormField>
        {values.audience === 'group' ? (
          <FormField label="المجموعة" error={errors.groupId}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.groupId}
                placeholder="اختر المجموعة"
                options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
                onChange={(event) => change('groupId', event.target.value)}
              />
            )}
          </FormField>
        ) : null}
        {values.audience === 'city' ? (
          <FormField label="المدينة" error={errors.city}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.city}
                placeholder="اختر المدينة"
                options={CITIES.map((c) => ({ value: c.key, label: c.label }))}
                onChange={(event) => change('city', event.target.value)}
              />
            )}
          </FormField>
        ) : null}
        <FormField
          label="نص الرسالة"
          error={errors.body}
          hint="يصل الوسطاء إشعار على جوالهم بأن لديهم رسالة، دون نصها."
        >
          {(control) => (
            <Textarea
              {...control}
              value={values.body}
              maxLength={1000}
              rows={4}
              onChange={(event) => change('body', event.target.value)}
            />
          )}
        </FormField>
        <p aria-live="polite" className="text-sm text-slate-800">
          {chosen && size
            ? `تصل إلى ${arabicCount(size.recipients, inGenitive(NOUNS.broker))}${
                size.muted > 0 ? `، وكتمها ${arabicCount(size.muted, NOUNS.broker)}` : ''
              }.`
            : null}
        </p>
        <Button type="submit" disabled={send.isPending}>
          مراجعة وإرسال
        </Button>
      </form>
      {confirming ? (
        <ConfirmDialog
          title="تأكيد إرسال الرسالة الجماعية"
          description={
            size
              ? `ستصل الرسالة إلى ${arabicCount(size.recipients, inGenitive(NOUNS.broker))}، ولا يمكن سحبها بعد الإرسال.`
              : 'لا يمكن سحب الرسالة بعد الإرسال.'
          }
          confirmLabel="إرسال الآن"
          pendingLabel="جاري الإرسال..."
          variant="default"
          pending={send.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            send.mutate({
              audience: values.audience as BroadcastAudience,
              groupId: values.groupId || null,
              city: (values.city || null) as never,
              body: values.body,
            })
          }
        />
      ) : null}
    </Card>
  );
}

function BroadcastRow({ broadcast }: { broadcast: Broadcast }) {
  const target =
    broadcast.audience === 'group'
      ? `مجموعة ${broadcast.groupName ?? ''}`
      : broadcast.audience === 'city'
        ? `مدينة ${broadcast.city ?? ''}`
        : broadcastAudienceLabel('dormant');
  const { notices } = broadcast;
  const figures: [string, number][] = [
    ['وصلت إليهم', broadcast.recipients],
    ['قرؤوها', broadcast.read],
    ['كتموا الرسائل الجماعية', broadcast.muted],
    ['إشعارات سُلّمت', notices.delivered],
    ['إشعارات أُرسلت', notices.sent],
    ['إشعارات قيد الإرسال', notices.pending],
    ['إشعارات تعذّرت', notices.failed],
    ['دون إشعار', notices.none],
  ];
  return (
    <li className="space-y-2 py-3">
      <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span className="font-medium text-slate-900">
          <bdi>{target}</bdi>
        </span>
        <span>{formatDateTimeAr(broadcast.createdAt)}</span>
        <span>
          أرسلها <bdi>{broadcast.sentBy}</bdi>
        </span>
      </p>
      <p className="break-words whitespace-pre-line">{broadcast.body}</p>
      <dl aria-label="أرقام التسليم" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-bold">{formatNumberAr(value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
