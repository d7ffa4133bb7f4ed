import { throwIfNotOk } from './api';

/** The file name the server chose, from `Content-Disposition`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a file the API answers (with the session cookie) under the name the server gave
 * it. Throws the API's error (its Arabic message) on a failed answer, for the caller's toast.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<void> {
  const response = await fetch(url, { method, credentials: 'include' });
  await throwIfNotOk(response);
  saveBlob(await response.blob(), fileNameOf(response, fallbackName));
}

/** Saves a blob under a name, as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
