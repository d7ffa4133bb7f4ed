import { sql } from 'drizzle-orm';
import { PREFERRED_CHANNELS, type PreferredChannel } from '#domain';
import type { Database } from '../db/client.js';
import { systemConfig } from '../db/schema.js';
import { getSetting } from '../settings/service.js';

const PREFERRED_CHANNEL_KEY = 'messaging_preferred_channel';
const FALLBACK_KEY = 'messaging_fallback_enabled';

export type MessagingSettings = { preferredChannel: PreferredChannel; fallbackEnabled: boolean };

/** SMS until an admin prefers WhatsApp; fallback to the other channel on unless switched off. */
export async function messagingSettings(db: Pick<Database, 'select'>): Promise<MessagingSettings> {
  const [preferred, fallback] = await Promise.all([
    getSetting(db, PREFERRED_CHANNEL_KEY),
    getSetting(db, FALLBACK_KEY),
  ]);
  return {
    preferredChannel: (PREFERRED_CHANNELS as readonly string[]).includes(preferred ?? '')
      ? (preferred as PreferredChannel)
      : 'sms',
    fallbackEnabled: fallback !== 'false',
  };
}

export async function saveMessagingSettings(
  db: Pick<Database, 'insert'>,
  settings: MessagingSettings,
  updatedBy: string,
): Promise<void> {
  const rows = [
    {
      key: PREFERRED_CHANNEL_KEY,
      value: settings.preferredChannel,
      description: 'القناة المفضلة للرسائل: sms أو whatsapp أو both',
    },
    {
      key: FALLBACK_KEY,
      value: String(settings.fallbackEnabled),
      description: 'التحويل إلى القناة الأخرى عند تعذر الإرسال',
    },
  ];
  await db
    .insert(systemConfig)
    .values(rows.map((row) => ({ ...row, updatedBy })))
    .onConflictDoUpdate({
      target: systemConfig.key,
      set: {
        value: sql`excluded.value`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
}
