import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { DeliveryError } from '../integrations/delivery.js';
import { alertAdmins } from './alerts.js';
import type { Channels } from './channels.js';
import { messagingSettings } from './settings.js';
import { templateFor } from './templates.js';

/**
 * Sends a one-time code now, in the request: on WhatsApp (its AUTHENTICATION template) when
 * the admin prefers it and it is configured, else by SMS; on failure the other channel when
 * fallback is on. Each attempt gives up after 5 s (the adapters' limit). A code is never
 * queued or retried later: it expires in minutes, and it must not rest in the database.
 * Only the channel and the failure's kind are logged, never the text.
 */
export async function sendCode(
  deps: { db: Database; channels: Channels; log: FastifyBaseLogger },
  message: { to: string; code: string; smsBody: string },
): Promise<void> {
  const { preferredChannel, fallbackEnabled } = await messagingSettings(deps.db);
  const { whatsapp, sms } = deps.channels;
  const order: ('sms' | 'whatsapp')[] =
    whatsapp && preferredChannel !== 'sms' ? ['whatsapp', 'sms'] : ['sms'];
  if (whatsapp && preferredChannel === 'sms') order.push('whatsapp');
  const tries = fallbackEnabled ? order : order.slice(0, 1);
  for (const channel of tries) {
    try {
      if (channel === 'whatsapp' && whatsapp) {
        const template = templateFor('otp');
        await whatsapp.sendTemplate({
          to: message.to,
          template: template.name,
          language: template.language,
          parameters: [message.code],
          // The copy-code button of an authentication template carries the code too.
          buttonParameter: message.code,
          opaque: 'otp',
        });
      } else {
        await sms.send({ to: message.to, body: message.smsBody, purpose: 'otp' });
      }
      return;
    } catch (error) {
      // Credentials, sender or template at fault: every sign-up fails until an admin acts.
      if (
        error instanceof DeliveryError &&
        (error.kind === 'config' || error.kind === 'template')
      ) {
        await alertAdmins(deps.db, channel);
      }
      deps.log.warn(
        {
          to: message.to,
          channel,
          kind: error instanceof DeliveryError ? error.kind : 'internal',
          code: error instanceof DeliveryError ? error.code : undefined,
        },
        'code not sent',
      );
    }
  }
  throw new AppError(
    503,
    'OTP_NOT_SENT',
    'تعذر إرسال رمز التحقق حالياً، يرجى المحاولة مرة أخرى بعد قليل',
  );
}
