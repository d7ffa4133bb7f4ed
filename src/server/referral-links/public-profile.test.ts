import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_TEXT_MESSAGES } from '#domain';
import { brokers } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker } from '../test-support/factories.js';
import type { ApiError, Profile } from '../test-support/responses.js';
import { createTestApp, type TestApp, type TestBroker } from '../test-support/test-app.js';

// Issue 26 item 7: the broker's public page (/r/{code}) and QR card show a tenant plain text:
// no link, phone number or direction override, whether typed today or stored before the rule.

type Opened = {
  brokerName: string;
  officeName: string | null;
  falLicense: string | null;
  canReceive: boolean;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

const as = (caller: Caller) => client(t).as(caller);
const codeOf = async (broker: TestBroker) =>
  (await as(broker).get<{ code: string }>('/api/broker/referral-link')).json().code;
const brokerCodeOf = async (broker: TestBroker) =>
  (await as(broker).get<Profile>('/api/broker/profile')).json().brokerCode;

describe('issue 26 item 7: the public page shows plain text only', () => {
  it('takes a profile of plain text, licence digits as Latin, and shows it as saved', async () => {
    const broker = await aBroker(t);
    const saved = await as(broker).put<Profile>('/api/broker/profile', {
      fullName: ' د.نورة  الدوسري ',
      officeName: 'مكتب الدوسري (فرع الرياض)، للعقار',
      falLicense: '١١٠٠٠١٢٣٤٥',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      fullName: 'د.نورة الدوسري',
      officeName: 'مكتب الدوسري (فرع الرياض)، للعقار',
      falLicense: '1100012345',
    });
    const opened = await as(null).get<Opened>(`/api/r/${await codeOf(broker)}`);
    expect(opened.json()).toEqual({
      brokerName: 'د.نورة الدوسري',
      officeName: 'مكتب الدوسري (فرع الرياض)، للعقار',
      falLicense: '1100012345',
      canReceive: true,
    });
  });

  it.each([
    [{ fullName: 'نورة www.evil.sa' }, 'fullName', PUBLIC_TEXT_MESSAGES.link],
    [{ fullName: 'نورة', officeName: 'اتصل ٠٥٥١٢٣٤٥٦٧' }, 'officeName', PUBLIC_TEXT_MESSAGES.phone],
    [
      { fullName: 'نورة', officeName: 'مكتب\u202Eعقار' },
      'officeName',
      'النص يحتوي على رموز غير مسموح بها',
    ],
    [{ fullName: 'نورة', falLicense: 'FAL-123' }, 'falLicense', PUBLIC_TEXT_MESSAGES.falLicense],
  ])('refuses %o at input, with the field and its Arabic message', async (body, field, message) => {
    const broker = await aBroker(t, { fullName: 'قبل' });
    const refused = await as(broker).put('/api/broker/profile', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError & { fields: Record<string, string> }>().fields[field]).toBe(
      message,
    );
    expect((await as(broker).get<Profile>('/api/broker/profile')).json().fullName).toBe('قبل');
  });

  it('shows a value stored before the rule as the broker code, or not at all', async () => {
    const broker = await aBroker(t);
    await t.database.db
      .update(brokers)
      .set({
        fullName: 'نورة \u202Eas.live\u202C زوروا',
        officeName: 'عروض اتصل 0551234567 www.evil.sa',
        falLicense: 'FAL-123 https://evil.sa',
      })
      .where(eq(brokers.id, broker.id));
    const brokerCode = await brokerCodeOf(broker);
    const opened = await as(null).get<Opened>(`/api/r/${await codeOf(broker)}`);
    expect(opened.json()).toEqual({
      brokerName: brokerCode,
      officeName: null,
      falLicense: null,
      canReceive: true,
    });
    for (const leaked of ['\u202E', 'live', '0551234567', 'evil', 'FAL']) {
      expect(opened.body).not.toContain(leaked);
    }

    // The QR card names the broker the same way.
    const card = await as(broker).get('/api/broker/referral-link/qr.svg');
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain(`>${brokerCode}</text>`);
    expect(card.body).not.toContain('\u202E');
    expect(card.body).not.toContain('live');
  });

  it('names the broker on the QR card by the checked name', async () => {
    const broker = await aBroker(t, { fullName: '  ريم   السبيعي ' });
    const card = await as(broker).get('/api/broker/referral-link/qr.svg');
    expect(card.body).toContain('>ريم السبيعي</text>');
  });
});
