import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { type BodyOf, callApi, endpointUrl } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

const tenantFormKeys = {
  all: rootKeys.tenantForm,
  form: (token: string) => [...rootKeys.tenantForm, token] as const,
};

/** The form behind a link: whose it is and whether it was already sent. */
const tenantFormQuery = (token: string) =>
  queryOptions({
    queryKey: tenantFormKeys.form(token),
    queryFn: () => callApi(tenantFormEndpoints.open, { params: { token } }),
  });

export const useTenantForm = (token: string) => useQuery(tenantFormQuery(token));

export type TenantFormBody = BodyOf<typeof tenantFormEndpoints.submit>;

/** The tenant sends their data (nothing cached to refresh: the screen shows its thank-you). */
export function useSubmitTenantForm(callbacks: MutationCallbacks<unknown, TenantFormBody> = {}) {
  return useMutation({
    mutationFn: (body: TenantFormBody) => callApi(tenantFormEndpoints.submit, { body }),
    ...refreshAfter(callbacks),
  });
}

/** Uploads one PDF through the form's link (multipart); answers the upload's reference. */
export async function uploadDocument(
  token: string,
  kind: 'salary' | 'credit',
  file: File,
): Promise<string> {
  const form = new FormData();
  form.set('token', token);
  form.set('type', kind);
  form.set('file', file);
  const response = await fetch(endpointUrl(tenantFormEndpoints.upload), {
    method: tenantFormEndpoints.upload.method,
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new UploadError(response.status, text);
  return (JSON.parse(text) as { url: string }).url;
}

/** An upload refused: the server's message, or the size or generic fallback. */
export class UploadError extends Error {
  constructor(status: number, body: string) {
    let message =
      status === 413
        ? 'حجم الملف يجب أن يكون أقل من ٥ ميجابايت'
        : 'تعذر رفع الملف، يرجى المحاولة مرة أخرى';
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // keep the fallback
    }
    super(message);
  }
}
