import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { messagingConfigQuery } from './api';
import { ChannelSettings } from './ChannelSettings';
import { ProviderStatus } from './ProviderStatus';
import { TemplatesSection } from './TemplatesSection';
import { TestMessageForm } from './TestMessageForm';

/** /messaging-config (admins): the channel, the providers' set-up, templates and a test send. */
export function MessagingConfigPage() {
  const config = useQuery(messagingConfigQuery());
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">إعدادات الرسائل</h1>
        <Link
          to="/admin?tab=messaging"
          className="inline-flex min-h-11 items-center text-brand-700 underline-offset-4 hover:underline"
        >
          العودة إلى لوحة الإدارة
        </Link>
      </div>
      <QueryView
        query={config}
        loading={<Skeleton className="h-64" />}
        errorFallback="تعذر تحميل إعدادات الرسائل"
      >
        {(data) => (
          <div className="space-y-5">
            {/* Read again with other values (another admin saved): the form starts over. */}
            <ChannelSettings
              key={`${data.preferredChannel}:${data.fallbackEnabled}`}
              config={data}
            />
            <ProviderStatus config={data} />
          </div>
        )}
      </QueryView>
      <TemplatesSection whatsappMissing={config.data?.whatsapp.missing ?? []} />
      <TestMessageForm />
    </div>
  );
}
