import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataRequestEndpoints } from '#contract/data-requests';
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

// ---------- the tenant's rights through their link (decision 068) ----------

const dataKey = (token: string) => [...rootKeys.tenantForm, token, 'data'] as const;

/** A code to the referral's own phone, to open the tenant's view of their data. */
export const useSendDataCode = (token: string) =>
  useMutation({
    mutationFn: () => callApi(dataRequestEndpoints.sendCode, { params: { token } }),
  });

/** The code confirmed: the view opens (its cookie) and answers the data held. */
export function useOpenData(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) =>
      callApi(dataRequestEndpoints.open, { params: { token }, body: { otp } }),
    onSuccess: (held) => client.setQueryData(dataKey(token), held),
  });
}

/**
 * The data held: answered while the view is open (its cookie), else refused with 401 and the
 * code step shows; filled by the code, read again after a request.
 */
export const useDataHeld = (token: string) =>
  useQuery({
    queryKey: dataKey(token),
    queryFn: () => callApi(dataRequestEndpoints.read, { params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export type DataRequestBody = BodyOf<typeof dataRequestEndpoints.request>;

/** A correction or an erasure asked for; the data is read again to show it. */
export function useRequestData(
  token: string,
  callbacks: MutationCallbacks<unknown, DataRequestBody> = {},
) {
  return useMutation({
    mutationFn: (body: DataRequestBody) =>
      callApi(dataRequestEndpoints.request, { params: { token }, body }),
    ...refreshAfter(callbacks, dataKey(token)),
  });
}
