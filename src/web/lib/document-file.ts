import { MESSAGES } from '#domain';

/**
 * A document a broker or the team attaches (a licence copy, a certificate, a message's file): a
 * PDF or a JPEG or PNG photo of at most 5 MB, the server's limit. The server judges the bytes
 * again; this spares a phone the upload of a file it would refuse.
 */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const MAX_BYTES = 5 * 1024 * 1024;

/** Why `file` will be refused (`refusal` for another type), or null when it may be sent. */
export function documentFileProblem(file: File, refusal: string): string | null {
  // Some phones' file pickers give no type: the server judges those by their bytes.
  if (file.type !== '' && !(DOCUMENT_TYPES as readonly string[]).includes(file.type)) {
    return refusal;
  }
  return file.size > MAX_BYTES ? MESSAGES.fileTooLarge : null;
}
