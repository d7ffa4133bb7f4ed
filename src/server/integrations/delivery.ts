/**
 * What every messaging and CRM adapter shares: how a failure is classified, so the outbox knows
 * whether to retry, back off, fall back to the other channel or stop and tell an admin.
 */

/**
 * - `config`: credentials or set-up are wrong (bad AppSid, expired token, sender not allowed,
 *   no balance). Retrying cannot help; an admin must act.
 * - `rate`: the provider asks us to slow down. Retry later, after `retryAfterMs` if it said.
 * - `recipient`: this number cannot receive on this channel (invalid destination, not on
 *   WhatsApp). Do not retry; use the other channel if fallback is on.
 * - `window`: WhatsApp's 24-hour window is closed (131047): free text cannot reach them; a
 *   template can.
 * - `template`: the template is missing, not approved or paused (132001…): an admin must set it up.
 * - `content`: the provider or the operator refused the text itself (Unifonic ER-06 empty body,
 *   ER-07 filtered: in the Kingdom, typically a link whose domain the sender has not
 *   registered). Retrying the same text cannot help; an admin must act.
 * - `transient`: anything that may succeed later (5xx, timeout, connection closed, malformed
 *   answer). Retry with backoff.
 */
export type FailureKind =
  | 'config'
  | 'rate'
  | 'recipient'
  | 'window'
  | 'template'
  | 'content'
  | 'transient';

export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    readonly kind: FailureKind,
    /** The provider's own code (`ER-01`, `131047`, `INVALID_TOKEN`, `HTTP 500`, `timeout`). */
    readonly code: string,
    /** Safe to store and show an admin: never the message body, a code or a secret. */
    message: string,
    readonly retryAfterMs?: number,
    /**
     * The request may have reached the provider and been acted on (no answer within the time
     * limit, or the connection lost after the request was written): sending again may send
     * twice. False when it surely was not (a refusal, or no connection made at all).
     */
    readonly unconfirmed = false,
  ) {
    super(message);
  }
}

/**
 * A harmless real call that proves a provider's credentials and set-up work (the console's
 * «اختبار الاتصال»): what the provider answered that an admin may see, such as the sender
 * name, the phone number's display name or the CRM organisation, never a secret. Adapters'
 * `testConnection()` resolve with it and reject with a classified `DeliveryError`.
 */
export type ConnectionCheck = { detail: string };

/** What a provider answered when it accepted a message. */
export type Accepted = { providerMessageId: string | null };

/** The provider calls' own time limit (5 s). */
export const PROVIDER_TIMEOUT_MS = 5_000;
