import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDateTimeAr } from '#domain';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { type AdminBroker, activationAnswersQuery } from './api';

/**
 * «إجابات طلب التفعيل» in a broker's details (decision record 076): what the broker answered
 * with their latest activation request, each under the question as they read it. Nothing when
 * no request carried answers.
 */
export function ActivationAnswersSection({ broker }: { broker: AdminBroker }) {
  const titleId = useId();
  const answers = useQuery(activationAnswersQuery(broker.id));
  if (answers.data && answers.data.items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <h3 id={titleId} className="font-bold">
        إجابات طلب التفعيل
      </h3>
      <QueryView
        query={answers}
        loading={<Skeleton className="h-16" />}
        errorFallback="تعذر تحميل الإجابات"
      >
        {(data) => (
          <>
            {data.requestedAt ? (
              <p className="text-sm text-slate-700">
                مع الطلب المرسل في {formatDateTimeAr(data.requestedAt)}
              </p>
            ) : null}
            <dl className="space-y-3">
              {data.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two questions may read alike; a request's answers never reorder
                <div key={index} className="space-y-1 text-sm">
                  <dt className="font-medium text-slate-800 break-words">
                    <bdi>{item.prompt}</bdi>
                  </dt>
                  <dd className="break-words whitespace-pre-line">
                    <bdi>{item.answer}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </QueryView>
    </section>
  );
}
