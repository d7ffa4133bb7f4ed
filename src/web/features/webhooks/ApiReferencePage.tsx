import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { openApiEndpoints } from '#contract/openapi';
import { isWebhookEvent, webhookEventLabel } from '#domain';
import { endpointUrl, throwIfNotOk } from '#lib/api';
import { rootKeys } from '#lib/query-keys';
import { buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';

type Operation = {
  summary: string;
  'x-scope'?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: unknown;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { requestBody: unknown } }>;
};

const DOCUMENT = endpointUrl(openApiEndpoints.document);

async function readDocument(): Promise<OpenApiDocument> {
  const response = await fetch(DOCUMENT, { credentials: 'include' });
  await throwIfNotOk(response);
  return (await response.json()) as OpenApiDocument;
}

/** A part of the document as it is written: JSON, left to right. */
function Schema({ value }: { value: unknown }) {
  return (
    <details>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-800">
        التفاصيل
      </summary>
      <pre dir="ltr" className="max-h-96 overflow-auto rounded bg-slate-50 p-2 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/**
 * /api-reference (super-admins, decision record 078): the OpenAPI document read for people: each
 * call of the inbound API with its scope and what it takes and answers, and each webhook event
 * with its body. The technical text stays as the document writes it, left to right.
 */
export function ApiReferencePage() {
  const document = useQuery({
    queryKey: [...rootKeys.superadmin, 'openapi'] as const,
    queryFn: readDocument,
  });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">مرجع الواجهة البرمجية</h1>
        <p className="text-slate-700">
          ما تستدعيه أنظمة الشركة بمفتاح من «
          <Link to="/webhooks" className="font-bold text-brand-800 underline">
            ربط الأنظمة
          </Link>
          »، وما تستقبله من أحداث. يُصنع المستند من تعريف الواجهة نفسه، فلا يختلف عنها.
        </p>
        <a href={DOCUMENT} download="openapi.json" className={buttonClasses('outline')}>
          تنزيل المستند
        </a>
      </div>
      <QueryView
        query={document}
        loading={<Skeleton className="h-40" />}
        errorFallback="تعذر تحميل المستند"
      >
        {(data) => (
          <>
            <Card className="space-y-3">
              <CardTitle>الطلبات</CardTitle>
              <ul className="divide-y divide-slate-100">
                {Object.entries(data.paths).flatMap(([path, methods]) =>
                  Object.entries(methods).map(([method, operation]) => (
                    <li key={`${method} ${path}`} className="space-y-1 py-3">
                      <p>
                        <code dir="ltr" className="font-bold break-all">
                          {method.toUpperCase()} {path}
                        </code>
                      </p>
                      {operation['x-scope'] ? (
                        <p className="text-sm text-slate-700">
                          الصلاحية: <code dir="ltr">{operation['x-scope']}</code>
                        </p>
                      ) : null}
                      <p dir="ltr" lang="en" className="text-sm">
                        {operation.summary}
                      </p>
                      <Schema
                        value={{
                          parameters: operation.parameters,
                          requestBody: operation.requestBody,
                          responses: operation.responses,
                        }}
                      />
                    </li>
                  )),
                )}
              </ul>
            </Card>
            <Card className="space-y-3">
              <CardTitle>الأحداث المرسلة</CardTitle>
              <ul className="divide-y divide-slate-100">
                {Object.entries(data.webhooks).map(([type, webhook]) => (
                  <li key={type} className="space-y-1 py-3">
                    <p className="font-bold">
                      {isWebhookEvent(type) ? webhookEventLabel(type) : null}{' '}
                      <code dir="ltr" className="text-sm font-normal">
                        {type}
                      </code>
                    </p>
                    <Schema value={webhook.post.requestBody} />
                  </li>
                ))}
              </ul>
            </Card>
          </>
        )}
      </QueryView>
    </div>
  );
}
