import { Megaphone, Paperclip } from 'lucide-react';
import { formatDateTimeAr, formatNumberAr } from '#domain';
import { BRAND } from '#lib/brand';
import { cn } from '#lib/cn';
import { attachmentUrl, type ConversationMessage } from './api';

const ATTACHMENT_NAMES = { pdf: 'ملف بي دي إف', jpg: 'صورة', png: 'صورة' } as const;

/**
 * A conversation's messages, oldest at the top as a chat reads (the page comes newest first).
 * The viewer's own side is on the start edge; the team reads who wrote each message, the
 * broker reads the team as one. Each message says whether the other side read it.
 */
export function MessageThread({
  items,
  viewer,
}: {
  items: readonly ConversationMessage[];
  viewer: 'broker' | 'team';
}) {
  return (
    <ol aria-label="الرسائل" className="space-y-3">
      {[...items].reverse().map((message) => {
        const own = viewer === 'team' ? message.fromTeam : !message.fromTeam;
        const writer = message.fromTeam
          ? viewer === 'team'
            ? `${message.authorName ?? 'الفريق'} (فريق البرنامج)`
            : `فريق ${BRAND.productName}`
          : viewer === 'team'
            ? (message.authorName ?? 'الوسيط')
            : null;
        return (
          <li key={message.id} className={cn('flex', own ? 'justify-start' : 'justify-end')}>
            <article
              aria-label={writer ? `رسالة من ${writer}` : 'رسالتك'}
              className={cn(
                'max-w-[85%] min-w-0 space-y-1.5 rounded-2xl px-3 py-2',
                own ? 'bg-brand-50 text-slate-900' : 'border border-slate-200 bg-white',
              )}
            >
              <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium text-slate-700">
                <bdi>{writer ?? 'أنت'}</bdi>
                {message.broadcast ? (
                  <span className="inline-flex items-center gap-1 text-brand-800">
                    <Megaphone aria-hidden="true" className="size-3.5" />
                    رسالة جماعية
                  </span>
                ) : null}
              </p>
              {message.referral ? (
                <p className="text-xs text-slate-700">
                  بشأن الإحالة رقم {formatNumberAr(message.referral.number)} (
                  <bdi dir="ltr">{message.referral.tenantPhone}</bdi>)
                </p>
              ) : null}
              {message.body ? (
                <p dir="auto" className="break-words whitespace-pre-line text-start">
                  {message.body}
                </p>
              ) : null}
              {message.attachment ? (
                message.attachment.available ? (
                  <a
                    href={attachmentUrl(message.id, viewer)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-1 text-sm font-medium text-brand-800 underline underline-offset-4"
                  >
                    <Paperclip aria-hidden="true" className="size-4" />
                    فتح المرفق ({ATTACHMENT_NAMES[message.attachment.type]})
                  </a>
                ) : (
                  <p className="text-sm text-slate-600">المرفق محذوف مع الحساب</p>
                )
              ) : null}
              <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
                <span>{formatDateTimeAr(message.createdAt)}</span>
                {own ? <span>{message.readAt ? 'مقروءة' : 'لم تُقرأ بعد'}</span> : null}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
