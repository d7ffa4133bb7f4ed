import type { FastifyBaseLogger } from 'fastify';
import type { Accepted, ConnectionCheck, DeliveryError } from './delivery.js';

/** Why a message is sent: the only thing about it, with the recipient, a production log shows. */
export type SmsPurpose =
  | 'otp'
  | 'tenant_link'
  | 'status_update'
  | 'fal_license_reminder'
  | 'broker_nudge'
  | 'broker_message'
  | 'broker_broadcast'
  | 'office_invitation'
  | 'security_notice'
  | 'test';

export type SmsMessage = {
  /** A Saudi mobile as stored (05XXXXXXXX); adapters put it in their provider's form. */
  to: string;
  body: string;
  purpose: SmsPurpose;
  /**
   * The outbox row's id when the message was queued (Unifonic's CorrelationID, by which the
   * message can be looked up later); codes are sent directly, with none. It is NOT an
   * idempotency key: no provider documents de-duplication by it, so sending the same row twice
   * may deliver it twice.
   */
  messageId?: string;
  /**
   * An earlier attempt of this message may have been accepted (it got no answer): a provider's
   * refusal as a duplicate of a recent identical message then means it is on its way.
   */
  unconfirmed?: boolean;
};

/**
 * What the provider knows of a message we sent with a given id (Unifonic's CorrelationID):
 * `pending` while it is queued or sent to the operator (or the operator never confirmed),
 * `delivered` once the handset received it, `failed` when it was undelivered or rejected, with
 * the provider's code (`ER-07`) when it gave one.
 */
export type SmsLookup =
  | { found: false }
  | {
      found: true;
      providerMessageId: string | null;
      state: 'pending' | 'delivered' | 'failed';
      code: string | null;
      /** When `failed`: why, classified as a refusal of the send would be. */
      failure: DeliveryError | null;
    };

/**
 * One SMS provider. `send` resolves when the provider accepted the message and rejects with a
 * `DeliveryError` (./delivery.ts) classified for the outbox; it gives up after 5 s.
 */
export interface SmsSender {
  readonly provider: 'console' | 'unifonic' | 'taqnyat';
  send(message: SmsMessage): Promise<Accepted>;
  /**
   * What became of the message sent with `messageId` (the outbox row's id), where the provider
   * has a status API: Unifonic has one (GetMessagesDetails, by CorrelationID). Taqnyat
   * documents none (nor delivery reports) in the documents we could find, and the console
   * sender sends nothing: neither has `lookup`. Rejects with a classified `DeliveryError`.
   */
  lookup?(messageId: string): Promise<SmsLookup>;
  /**
   * One harmless real call that proves the credentials work and sends nothing (the console's
   * «اختبار الاتصال»); rejects with a classified `DeliveryError`.
   */
  testConnection(): Promise<ConnectionCheck>;
}

/**
 * Development adapter: writes the message to the log instead of sending it. The text (codes,
 * tenants' links) is logged only in development on a loopback address; anywhere else the log
 * says who, why and which message, never what.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly provider = 'console';
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly revealBodies: boolean,
  ) {}

  async send({ to, body, purpose, messageId }: SmsMessage): Promise<Accepted> {
    const fields = { to, channel: 'sms', purpose, ...(messageId ? { messageId } : {}) };
    if (this.revealBodies) this.log.info(fields, `SMS → ${to}: ${body}`);
    else this.log.info(fields, 'SMS sent');
    return { providerMessageId: null };
  }

  async testConnection(): Promise<ConnectionCheck> {
    return { detail: 'وحدة التطوير: الرسائل تُكتب في سجل الخادم ولا تُرسل' };
  }
}
