import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { ConsoleSmsSender, type SmsSender } from '../integrations/sms.js';
import { TaqnyatSmsSender } from '../integrations/taqnyat.js';
import { UnifonicSmsSender } from '../integrations/unifonic.js';
import { WhatsAppCloudApi } from '../integrations/whatsapp.js';
import { ZohoCrm } from '../integrations/zoho.js';

/** The providers the outbox and the code sender use; WhatsApp and CRM only when configured. */
export type Channels = {
  sms: SmsSender;
  whatsapp: WhatsAppCloudApi | null;
  crm: ZohoCrm | null;
};

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
  overrides: Partial<Omit<Channels, 'sms'>> = {},
): Channels {
  return {
    sms,
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
          ? new ZohoCrm(config.zoho.settings)
          : null,
  };
}
