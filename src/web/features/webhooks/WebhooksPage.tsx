import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { ApiKeysCard } from './ApiKeysCard';
import { type EndpointWithSecret, endpointsQuery } from './api';
import { DeliveryLog } from './DeliveryLog';
import { EndpointCard } from './EndpointCard';
import { NewEndpointDialog } from './NewEndpointDialog';
import { PrivateRanges } from './PrivateRanges';
import { SecretDialog } from './SecretDialog';

/**
 * /webhooks (super-admins): the endpoints the provider's systems receive signed events on
 * (docs/webhooks.md), each with its events and secret, and the delivery log with resend.
 */
export function WebhooksPage() {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<EndpointWithSecret | null>(null);
  const endpoints = useQuery(endpointsQuery());
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">ربط الأنظمة</h1>
          <p className="text-slate-700">
            أحداث موقّعة تصل إلى أنظمة الشركة فور حدوثها، مع إعادة المحاولة عند التعذر.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>إضافة نقطة استقبال</Button>
      </div>
      <Card className="space-y-4">
        <CardTitle>نقاط الاستقبال</CardTitle>
        <PrivateRanges />
        <QueryView
          query={endpoints}
          loading={<Skeleton className="h-24" />}
          errorFallback="تعذر تحميل نقاط الاستقبال"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="لا توجد نقاط استقبال بعد" />}
        >
          {(data) => (
            <ul className="space-y-3">
              {data.items.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <DeliveryLog />
      <ApiKeysCard />
      <NewEndpointDialog open={adding} onOpenChange={setAdding} onCreated={setSecret} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
