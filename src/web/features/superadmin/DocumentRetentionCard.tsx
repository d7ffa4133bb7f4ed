import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_RETENTION_DAYS, documentRetentionDaysValue } from '#contract/admin/settings';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { toast } from '#ui/toast';
import { documentRetentionQuery, documentsKept } from '../privacy';
import { useSaveDocumentRetention } from './api';
import { DaysSettingForm, days } from './DaysSettingForm';

/**
 * The retention schedule's setting (decision record 068): how many days after a referral closes
 * its tenant's salary certificate and credit report are erased, with the sentence the privacy
 * notice shows tenants. Changing it is audited.
 */
export function DocumentRetentionCard() {
  const retention = useQuery(documentRetentionQuery());
  const save = useSaveDocumentRetention({
    onSuccess: (_saved, value) => {
      toast({ title: 'تم حفظ مدة حفظ المستندات', description: days(Number(value)) });
    },
  });
  return (
    <Card className="space-y-4">
      <section aria-labelledby="document-retention" className="space-y-4">
        <CardTitle id="document-retention">مدة حفظ مستندات المستأجرين</CardTitle>
        <p className="text-sm text-slate-700">
          حين تمضي هذه المدة على إغلاق الطلب (رفضه أو إلغائه أو توقيع العقد) يُحذف تعريف الراتب
          وتقرير سمة الائتماني، الملف أو الرابط، ويبقى سائر بيانات الطلب والعمولة. يجري الحذف كل
          ساعة، وتظهر المدة للمستأجرين في إشعار الخصوصية.
        </p>
        <QueryView
          query={retention}
          loading={<Skeleton className="h-12" />}
          errorFallback="تعذر تحميل مدة حفظ المستندات"
        >
          {({ documentRetentionDays }) => (
            <div className="space-y-1">
              <p>
                المدة الحالية: <strong>{days(documentRetentionDays)}</strong>
              </p>
              <p className="text-sm text-slate-700">
                يقرأ المستأجرون: «{documentsKept(documentRetentionDays)}»
              </p>
            </div>
          )}
        </QueryView>
        <DaysSettingForm
          label="المدة الجديدة بالأيام"
          bounds={DOCUMENT_RETENTION_DAYS}
          value={documentRetentionDaysValue}
          submit="حفظ المدة"
          failure="تعذر حفظ مدة حفظ المستندات"
          save={save}
        />
      </section>
    </Card>
  );
}
