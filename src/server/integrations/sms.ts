import type { FastifyBaseLogger } from 'fastify';
import type { Accepted } from './delivery.js';

/** Why a message is sent: the only thing about it, with the recipient, a production log shows. */
export type SmsPurpose = 'otp' | 'tenant_link' | 'status_update' | 'security_notice' | 'test';

export type SmsMessage = {
  /** A Saudi mobile as stored (05XXXXXXXX); adapters put it in their provider's form. */
  to: string;
  body: string;
  purpose: SmsPurpose;
  /**
   * The outbox row's id when the message was queued (the provider's idempotency key, e.g.
   * Unifonic's CorrelationID); codes are sent directly, with none.
   */
  messageId?: string;
};

/**
 * One SMS provider. `send` resolves when the provider accepted the message and rejects with a
 * `DeliveryError` (./delivery.ts) classified for the outbox; it gives up after 5 s.
 */
export interface SmsSender {
  readonly provider: 'console' | 'unifonic' | 'taqnyat';
  send(message: SmsMessage): Promise<Accepted>;
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
}
