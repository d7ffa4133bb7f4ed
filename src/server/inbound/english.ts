/**
 * The English of the inbound API's refusals (decision record 077): its callers are the
 * provider's systems and their engineers, so each refusal carries `messageEn` beside the Arabic
 * `message`. A code without its own sentence says what its status means.
 */
const BY_CODE: Record<string, string> = {
  API_KEY_INVALID: 'The API key is missing, unknown, expired or revoked.',
  API_SCOPE: 'The API key does not have the scope this endpoint needs.',
  TOO_MANY_ATTEMPTS: 'Too many calls; wait for the time in Retry-After.',
  NOT_FOUND: 'Not found.',
  VALIDATION_ERROR: 'The request is invalid; see fields for each refused field.',
  INVALID_BODY: 'The body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the body as application/json.',
  PAYLOAD_TOO_LARGE: 'The body is too large.',
  IDEMPOTENCY_KEY_REQUIRED:
    'A state-changing call needs an Idempotency-Key header of 8 to 100 visible ASCII characters.',
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was used with another request; use a new key for a new request.',
  IDEMPOTENCY_KEY_IN_USE: 'A call with this Idempotency-Key is still being processed; retry later.',
  IDEMPOTENCY_KEY_APPLIED:
    "The call with this Idempotency-Key was applied but its answer was not kept; read the referral's status.",
  CROSS_ORIGIN: 'Do not send an Origin header from another site.',
  INVALID_CHARACTERS: 'A text holds a control or bidirectional-override character.',
  CONTRACT_DETAILS_REQUIRED:
    'A signed contract needs its Ejar contract number, annual rent and start and end dates.',
  TENANT_ERASED: "The tenant's data was erased at their request; this referral cannot change.",
  OWN_MONEY: "The key's creator cannot act on their own referral or money.",
};

const BY_STATUS: Record<number, string> = {
  400: 'The request is invalid.',
  401: 'Authentication is required.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'The request conflicts with the current state.',
  413: 'The body is too large.',
  415: 'Unsupported media type.',
  422: 'The request cannot be processed.',
  429: 'Too many calls.',
  503: 'The service is unavailable; retry later.',
};

/** The English sentence of a refusal, by its stable code, else by its status. */
export function englishMessage(code: string | undefined, status: number): string {
  return (
    (code ? BY_CODE[code] : undefined) ??
    BY_STATUS[status] ??
    (status >= 500 ? 'An unexpected error occurred; retry later.' : 'The request was refused.')
  );
}
