import type { FastifyBaseLogger } from 'fastify';
import { type OtpPurpose, otpSmsName } from '#domain';
import { issueOtp } from '../auth/otp.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { DeliveryError } from '../integrations/delivery.js';
import { takeAllOrNone } from '../rate-limit.js';
import { otpCeilings } from '../settings/service.js';
import { alertAdmins, alertCodeCeiling } from './alerts.js';
import type { Channels } from './channels.js';
import { messagingSettings } from './settings.js';
import { templateFor } from './templates.js';

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** What a code's SMS says: what the code is for, the product, how long it lasts. */
export const codeSmsBody = (productName: string, purpose: OtpPurpose, code: string): string =>
  `${otpSmsName(purpose)} ${productName}: ${code}\nصالح ٥ دقائق، لا تشاركه مع أحد.`;

const ceilingReached = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'OTP_CEILING_REACHED',
    'تعذر إرسال رمز التحقق الآن لكثرة الطلبات، يرجى المحاولة لاحقاً أو الدخول بكلمة المرور',
    { retryAfter: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/**
 * The SMS bill's ceilings, counted before a code is even issued: codes sent
 * across the platform in the current hour and day, and through one referral link in the day.
 * Per-phone and per-address limits come first, in the routes; these bound what many phones and
 * many addresses can do together. The admins hear once per ceiling and window.
 */
async function takeCodeCeilings(db: Database, link: string | undefined): Promise<void> {
  const ceilings = await otpCeilings(db);
  // The narrowest first; a refused code is counted by none of them (takeAllOrNone).
  const rules = [
    ...(link
      ? [
          {
            scope: `link:${link}`,
            key: `otp-sent:link:${link}`,
            limit: ceilings.perLinkDaily,
            windowSeconds: DAY_SECONDS,
          },
        ]
      : []),
    { scope: 'hour', key: 'otp-sent:hour', limit: ceilings.hourly, windowSeconds: HOUR_SECONDS },
    { scope: 'day', key: 'otp-sent:day', limit: ceilings.daily, windowSeconds: DAY_SECONDS },
  ];
  const refused = await takeAllOrNone(db, rules);
  if (refused) {
    await alertCodeCeiling(db, refused.rule.scope, refused.rule.windowSeconds);
    throw ceilingReached(refused.retryAfter);
  }
}

/**
 * Issues a new code for the phone and purpose and sends it, within the SMS ceilings (a link's
 * code also within its link's). Returns the code, for a development server to show.
 */
export async function sendNewCode(
  deps: { db: Database; channels: Channels; log: FastifyBaseLogger; productName: string },
  request: { to: string; purpose: OtpPurpose; link?: string },
): Promise<string> {
  await takeCodeCeilings(deps.db, request.link);
  const code = await issueOtp(deps.db, request.to, request.purpose);
  await sendCode(deps, {
    to: request.to,
    code,
    smsBody: codeSmsBody(deps.productName, request.purpose, code),
  });
  return code;
}

/**
 * Sends a one-time code now, in the request: on WhatsApp (its AUTHENTICATION template) when
 * the admin prefers it and it is configured, else by SMS; on failure the other channel when
 * fallback is on. Each attempt gives up after 5 s (the adapters' limit). A code is never
 * queued or retried later: it expires in minutes, and it must not rest in the database.
 * Only the channel and the failure's kind are logged, never the text.
 */
async function sendCode(
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
      deps.channels.count(channel);
      return;
    } catch (error) {
      deps.channels.count(channel, error);
      // Credentials, sender or template at fault: every sign-up fails until an admin acts.
      if (
        error instanceof DeliveryError &&
        (error.kind === 'config' || error.kind === 'template')
      ) {
        await alertAdmins(deps.db, channel);
      }
      // Not the phone: the request's log line and id lead to it, and a log is no place for it.
      deps.log.warn(
        {
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
