import type { FastifyBaseLogger } from 'fastify';

/** Why a message is sent: the only thing about it, with the recipient, a production log shows. */
export type SmsPurpose = 'otp' | 'tenant_link' | 'security_notice';

export type SmsMessage = {
  to: string;
  body: string;
  purpose: SmsPurpose;
  /** The outbox row's id when the message was queued; codes are sent directly, with none. */
  messageId?: string;
};

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development adapter: writes the message to the log instead of sending it. The text (codes,
 * tenants' links) is logged only in development on a loopback address; anywhere else the log
 * says who, why and which message, never what.
 */
export class ConsoleSmsSender implements SmsSender {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly revealBodies: boolean,
  ) {}

  async send({ to, body, purpose, messageId }: SmsMessage): Promise<void> {
    const fields = { to, channel: 'sms', purpose, ...(messageId ? { messageId } : {}) };
    if (this.revealBodies) this.log.info(fields, `SMS → ${to}: ${body}`);
    else this.log.info(fields, 'SMS sent');
  }
}
