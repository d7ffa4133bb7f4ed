import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { SmsSender } from './integrations/sms.js';
import type { FileStorage } from './integrations/storage.js';
import type { Channels } from './messaging/channels.js';

/** What feature modules need from the outside world, handed to each as plugin options. */
export type AppContext = {
  config: AppConfig;
  db: Database;
  sms: SmsSender;
  /** SMS (the same `sms`), and WhatsApp and Zoho CRM when configured. */
  channels: Channels;
  /** Delivers queued messages now rather than at the next poll. */
  outbox: { kick: () => void };
  storage: FileStorage;
};

export type FeatureOptions = { ctx: AppContext };
