import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatNumberAr } from '#domain';
import { errorMessage } from '#lib/api';
import { useListParams } from '#lib/use-list-params';
import { z } from '#lib/validation';
import { PagedList } from '#ui/paged-list';
import { Switch } from '#ui/switch';
import { toast } from '#ui/toast';
import { useReferralDetails } from '../referrals';
import { myConversationQuery, useMuteBroadcasts } from './api';
import { Composer } from './Composer';
import { MessageThread } from './MessageThread';
import { useMarkReadWhenSeen } from './use-mark-read';

/** The page of the conversation, and the referral a message is started from (`?referral=`). */
const PARAMS = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  referral: z.string().max(64).optional(),
});

/** «بشأن الإحالة رقم ١٢» once the referral is read (the broker's own; another's is not found). */
function useReferralLabel(id: string | undefined) {
  const details = useReferralDetails(id ?? '');
  if (!id || !details.data) return null;
  return { id, label: `الإحالة رقم ${formatNumberAr(details.data.number)}` };
}

/**
 * «الرسائل» (decision 079), on the desktop and the phone: the broker's conversation with the
 * program team, newest at the bottom, read as it opens; a message to the team, about a referral
 * when started from one, with a PDF or a photo; and the choice to mute broadcasts.
 */
export function MessagesPage() {
  const mutedId = useId();
  const { values, set } = useListParams(PARAMS);
  const conversation = useQuery(myConversationQuery(values.page));
  const referral = useReferralLabel(values.referral);
  const mute = useMuteBroadcasts({
    onSuccess: (_, muted) =>
      toast({ title: muted ? 'كُتمت الرسائل الجماعية' : 'ستصلك الرسائل الجماعية' }),
    onError: (error) =>
      toast({ title: errorMessage(error, 'تعذر حفظ الاختيار'), variant: 'destructive' }),
  });
  useMarkReadWhenSeen(null, {
    unread: (conversation.data?.unread ?? 0) > 0,
    readAt: conversation.dataUpdatedAt,
  });
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">الرسائل</h1>
        <p className="text-slate-700">
          راسل فريق البرنامج بشأن حسابك أو إحالاتك، وتصلك هنا ردوده والرسائل الجماعية.
        </p>
      </div>
      <Composer
        brokerId={null}
        label="رسالتك إلى الفريق"
        referral={referral}
        onReferralCleared={() => set({ referral: undefined })}
        onSent={() => {
          toast({ title: 'أُرسلت رسالتك' });
          set({ page: 1, referral: undefined });
        }}
      />
      <PagedList
        query={conversation}
        empty="لا توجد رسائل بعد"
        errorFallback="تعذر تحميل الرسائل"
        pages={{ label: 'صفحات الرسائل', page: values.page, onPage: (page) => set({ page }) }}
      >
        {(data) => <MessageThread items={data.items} viewer="broker" />}
      </PagedList>
      <section
        aria-labelledby={mutedId}
        className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <div className="space-y-1">
          <h2 id={mutedId} className="font-bold">
            كتم الرسائل الجماعية
          </h2>
          <p className="text-sm text-slate-700">
            لا تصلك إعلانات الفريق العامة، وتبقى رسائل الفريق إليك تصلك.
          </p>
        </div>
        <Switch
          label="كتم الرسائل الجماعية"
          checked={conversation.data?.broadcastsMuted ?? false}
          disabled={!conversation.data || mute.isPending}
          onCheckedChange={(muted) => mute.mutate(muted)}
        />
      </section>
    </div>
  );
}
