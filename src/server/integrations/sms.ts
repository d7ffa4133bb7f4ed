import type { FastifyBaseLogger } from 'fastify';

export type SmsMessage = {
  to: string;
  body: string;
  /** Carries a one-time code: its text must never reach a production log. */
  sensitive?: boolean;
};

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Development adapter: writes the message to the log instead of sending it. */
export class ConsoleSmsSender implements SmsSender {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly revealSensitive: boolean,
  ) {}

  async send({ to, body, sensitive }: SmsMessage): Promise<void> {
    const text = sensitive && !this.revealSensitive ? '[redacted]' : body;
    this.log.info({ to, channel: 'sms' }, `SMS → ${to}: ${text}`);
  }
}
