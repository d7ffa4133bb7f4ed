import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { conversationListQuery } from '#contract/conversations';
import { formatDateTimeAr, formatNumberAr, NOUNS } from '#domain';
import { useListParams } from '#lib/use-list-params';
import { z } from '#lib/validation';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Checkbox } from '#ui/checkbox';
import { SearchInput } from '#ui/input';
import { ListTotal, PagedList } from '#ui/paged-list';
import { Tabs } from '#ui/tabs';
import {
  Composer,
  type Conversation,
  inboxQuery,
  MessageThread,
  threadQuery,
  useMarkReadWhenSeen,
} from '../../conversations';
import { useAdminList } from '../shared';
import { BroadcastsSection } from './BroadcastsSection';

const PREFIX = 'conversations';
/** Which part of the tab is open, and the conversation opened (`conversations.broker`). */
const VIEW = z.object({
  view: z.enum(['inbox', 'broadcasts']).default('inbox'),
  broker: z.string().max(64).optional(),
  threadPage: z.coerce.number().int().min(1).max(10_000).default(1),
});

/**
 * «المحادثات» (decision 079): the team's conversations with brokers, searchable by any
 * message's words, one opened to read and answer; and the broadcasts with their delivery counts.
 */
export function AdminConversationsTab() {
  const { values, set } = useListParams(VIEW, PREFIX);
  return (
    <Tabs
      label="المحادثات والرسائل الجماعية"
      value={values.view}
      onValueChange={(view) => set({ view: view as 'inbox' | 'broadcasts' })}
      items={[
        {
          value: 'inbox',
          label: 'المحادثات',
          content: values.broker ? (
            <ThreadPanel
              brokerId={values.broker}
              page={values.threadPage}
              onPage={(threadPage) => set({ threadPage })}
              onClose={() => set({ broker: undefined, threadPage: 1 })}
            />
          ) : (
            <Inbox onOpen={(broker) => set({ broker, threadPage: 1 })} />
          ),
        },
        { value: 'broadcasts', label: 'الرسائل الجماعية', content: <BroadcastsSection /> },
      ]}
    />
  );
}

/** The conversations, the latest first, searched and filtered to the unread. */
function Inbox({ onOpen }: { onOpen: (brokerId: string) => void }) {
  const list = useAdminList(conversationListQuery, { prefix: PREFIX });
  const conversations = useQuery(inboxQuery(list.query));
  return (
    <Card className="space-y-3">
      <CardTitle>المحادثات مع الوسطاء</CardTitle>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <SearchInput
            by="في الرسائل أو باسم الوسيط أو جواله"
            value={list.search}
            onSearch={list.setSearch}
          />
        </div>
        <Checkbox
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 px-1"
          boxClassName="size-5 accent-brand-700"
          checked={list.query.unread === 'true'}
          onCheckedChange={(checked) => list.set({ unread: checked ? 'true' : undefined, page: 1 })}
        >
          <span className="text-sm">غير المقروءة فقط</span>
        </Checkbox>
      </div>
      <ListTotal of={conversations.data} noun={NOUNS.conversation} />
      <PagedList
        query={conversations}
        empty={list.query.search ? 'لا توجد محادثات تطابق البحث' : 'لا توجد محادثات بعد'}
        errorFallback="تعذر تحميل المحادثات"
        pages={{ label: 'صفحات المحادثات', page: list.query.page, onPage: list.setPage }}
      >
        {(data) => (
          <ul aria-label="المحادثات" className="divide-y divide-slate-200">
            {data.items.map((conversation) => (
              <InboxRow key={conversation.brokerId} conversation={conversation} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}

function InboxRow({
  conversation,
  onOpen,
}: {
  conversation: Conversation;
  onOpen: (brokerId: string) => void;
}) {
  const last = conversation.lastMessage;
  const excerpt = last.body || (last.attachment ? 'مرفق' : '');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 basis-56 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <bdi>{conversation.brokerName}</bdi>
          <bdi dir="ltr" className="text-sm text-slate-700">
            {conversation.phone}
          </bdi>
          {conversation.unread > 0 ? (
            <Badge tone="warning">غير مقروءة: {formatNumberAr(conversation.unread)}</Badge>
          ) : null}
        </p>
        <p className="truncate text-sm text-slate-700">
          {last.fromTeam ? 'الفريق: ' : ''}
          {excerpt}
        </p>
        <p className="text-xs text-slate-600">{formatDateTimeAr(last.createdAt)}</p>
      </div>
      <Button variant="outline" onClick={() => onOpen(conversation.brokerId)}>
        فتح المحادثة
        <span className="sr-only"> مع {conversation.brokerName}</span>
      </Button>
    </li>
  );
}

/** One broker's conversation: read as it opens, answered below it. */
function ThreadPanel({
  brokerId,
  page,
  onPage,
  onClose,
}: {
  brokerId: string;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const thread = useQuery(threadQuery(brokerId, page));
  useMarkReadWhenSeen(brokerId, {
    unread: thread.data?.items.some((m) => !m.fromTeam && m.readAt === null) ?? false,
    readAt: thread.dataUpdatedAt,
  });
  const broker = thread.data?.broker;
  return (
    <Card aria-labelledby={titleId} className="space-y-3">
      <Button variant="ghost" onClick={onClose}>
        <ArrowRight aria-hidden="true" className="size-4" />
        العودة إلى المحادثات
      </Button>
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg font-bold">
          {broker ? (
            <>
              محادثة مع <bdi>{broker.name}</bdi>
            </>
          ) : (
            'محادثة'
          )}
        </h2>
        {broker ? (
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            <bdi dir="ltr">{broker.phone}</bdi>
            <span>
              {broker.notifyByMessage
                ? 'يصله إشعار على جواله بأول رسالة لم يقرأها'
                : 'أوقف إشعارات الجوال: يقرأ الرسائل في حسابه'}
            </span>
            {broker.broadcastsMuted ? <span>كتم الرسائل الجماعية</span> : null}
          </p>
        ) : null}
      </div>
      {broker?.retired ? (
        <p className="text-sm text-slate-700">
          حُذف حساب الوسيط: تبقى المحادثة للسجل، ولا تُرسل إليه رسائل.
        </p>
      ) : (
        <Composer brokerId={brokerId} label="رسالة إلى الوسيط" />
      )}
      <PagedList
        query={thread}
        empty="لا توجد رسائل بعد: اكتب أول رسالة إلى الوسيط"
        errorFallback="تعذر تحميل المحادثة"
        pages={{ label: 'صفحات المحادثة', page, onPage }}
      >
        {(data) => <MessageThread items={data.items} viewer="team" />}
      </PagedList>
    </Card>
  );
}
