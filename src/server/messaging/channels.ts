import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { DeliveryError } from '../integrations/delivery.js';
import { ConsoleSmsSender, type SmsSender } from '../integrations/sms.js';
import { TaqnyatSmsSender } from '../integrations/taqnyat.js';
import { UnifonicSmsSender } from '../integrations/unifonic.js';
import { WhatsAppCloudApi } from '../integrations/whatsapp.js';
import { ZohoCrm } from '../integrations/zoho.js';
import { sharedTokenBudget } from './crm.js';

/** Where a provider call goes. */
type DeliveryChannel = 'sms' | 'whatsapp' | 'crm' | 'webhook';

/** A provider call's outcome labels, as /metrics counts them (deliveries_total). */
export type DeliveryLabels = { channel: DeliveryChannel; provider: string; outcome: string };

/** The providers the outbox and the code sender use; WhatsApp and CRM only when configured. */
export type Channels = {
  sms: SmsSender;
  whatsapp: WhatsAppCloudApi | null;
  crm: ZohoCrm | null;
  /** Counts a provider call: accepted (no error), or the kind of its failure. */
  count: (channel: DeliveryChannel, error?: unknown) => void;
};

/** The failure's kind as a label: a provider's refusal by its kind, anything else `internal`. */
const outcomeOf = (error: unknown) =>
  error === undefined ? 'accepted' : error instanceof DeliveryError ? error.kind : 'internal';

/** SMS_PROVIDER's adapter (`console` only outside production: config.ts refuses it there). */
export function smsSenderFor(config: AppConfig, log: FastifyBaseLogger): SmsSender {
  const { sms } = config;
  if (sms.provider === 'unifonic') return new UnifonicSmsSender(sms);
  if (sms.provider === 'taqnyat') return new TaqnyatSmsSender(sms);
  return new ConsoleSmsSender(log, config.development);
}

export function channelsFor(
  config: AppConfig,
  sms: SmsSender,
  overrides: Partial<Pick<Channels, 'whatsapp' | 'crm'>> = {},
  counted: (labels: DeliveryLabels) => void = () => {},
  /** Where Zoho's access tokens are counted across instances (in memory without it). */
  db?: Database,
): Channels {
  const providers: Record<DeliveryChannel, string> = {
    sms: sms.provider,
    whatsapp: 'meta',
    crm: 'zoho',
    webhook: 'endpoint',
  };
  return {
    sms,
    count: (channel, error) =>
      counted({ channel, provider: providers[channel], outcome: outcomeOf(error) }),
    whatsapp:
      overrides.whatsapp !== undefined
        ? overrides.whatsapp
        : config.whatsapp.settings
          ? new WhatsAppCloudApi(config.whatsapp.settings)
          : null,
    crm:
      overrides.crm !== undefined
        ? overrides.crm
        : config.zoho.settings
          ? new ZohoCrm(config.zoho.settings, db ? { tokenBudget: sharedTokenBudget(db) } : {})
          : null,
  };
}
