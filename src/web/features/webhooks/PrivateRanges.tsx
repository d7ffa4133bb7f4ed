import { useQuery } from '@tanstack/react-query';
import { parseAddressRanges } from '#domain';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { privateRangesQuery } from './api';

/**
 * Where events may go (issue 26 item 4): the outside world, and the private ranges a
 * super-admin allowed on purpose. Read-only here; a value that is not a list of ranges allows
 * nothing, as the server reads it.
 */
export function PrivateRanges() {
  const query = useQuery(privateRangesQuery());
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        لا تُرسل الأحداث إلى عناوين الشبكة الداخلية ولا إلى خدمات بيانات الخادم السحابي، إلا نطاقاً
        داخلياً يسمح به المشرف العام.
      </p>
      <QueryView
        query={query}
        loading={<Skeleton className="h-5 w-64" />}
        errorFallback="تعذر تحميل العناوين الداخلية المسموح بها"
      >
        {({ value }) => {
          const ranges = parseAddressRanges(value ?? '');
          return (
            <p>
              العناوين الداخلية المسموح بها:{' '}
              {ranges === null ? (
                <>
                  <bdi dir="ltr">{value}</bdi>{' '}
                  <span className="text-red-800">(قيمة غير صالحة، فلا يُسمح بأي عنوان داخلي)</span>
                </>
              ) : ranges.length === 0 ? (
                'لا شيء'
              ) : (
                <bdi dir="ltr">{value}</bdi>
              )}
            </p>
          );
        }}
      </QueryView>
    </div>
  );
}
