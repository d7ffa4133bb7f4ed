import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brokerEndpoints } from '#contract/brokers';
import { referralLinkEndpoints } from '#contract/referral-links';
import { PUBLIC_TEXT_MESSAGES } from '#domain';
import { brokers } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker } from '../test-support/factories.js';
import type { ValidationError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

// The broker's public page (/r/{code}) and QR card show a tenant plain text:
// no link, phone number or direction override, whether typed today or stored before the rule.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const as = (caller: Caller) => client(t).as(caller);
const codeOf = async (broker: TestBroker) =>
  (await as(broker).call(referralLinkEndpoints.mine)).json().code;
const brokerCodeOf = async (broker: TestBroker) =>
  (await as(broker).call(brokerEndpoints.profile)).json().brokerCode;

describe('the public page shows plain text only', () => {
  it('takes a profile of plain text, licence digits as Latin, and shows it as saved', async () => {
    const broker = await aBroker(t);
    const saved = await as(broker).call(brokerEndpoints.replaceProfile, {
      body: {
        fullName: ' د.نورة  الدوسري ',
        officeName: 'مكتب الدوسري (فرع الرياض)، للعقار',
        falLicense: '١١٠٠٠١٢٣٤٥',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      fullName: 'د.نورة الدوسري',
      officeName: 'مكتب الدوسري (فرع الرياض)، للعقار',
      falLicense: '1100012345',
    });
    const opened = await as(null).call(referralLinkEndpoints.open, {
      params: { code: await codeOf(broker) },
    });
    expect(opened.json()).toEqual({
      brokerName: 'د.نورة الدوسري',
      officeName: 'مكتب الدوسري (فرع الرياض)، للعقار',
      falLicense: '1100012345',
      canReceive: true,
      unavailableReason: null,
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
    const refused = await as(broker).call(brokerEndpoints.replaceProfile, { body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ValidationError>().fields[field]).toBe(message);
    expect((await as(broker).call(brokerEndpoints.profile)).json().fullName).toBe('قبل');
  });

  it('shows a value stored before the rule not at all: a refused name is no name, and takes no request', async () => {
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
    const opened = await as(null).call(referralLinkEndpoints.open, {
      params: { code: await codeOf(broker) },
    });
    // Issue 32: the broker code is no name to show a tenant; the page says the name is missing.
    expect(opened.json()).toEqual({
      brokerName: null,
      officeName: null,
      falLicense: null,
      canReceive: false,
      unavailableReason: 'broker_unnamed',
    });
    for (const leaked of ['\u202E', 'live', '0551234567', 'evil', 'FAL', brokerCode]) {
      expect(opened.body).not.toContain(leaked);
    }

    // The broker's own QR card names them by the broker code instead.
    const card = await as(broker).call(referralLinkEndpoints.qr);
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain(`>${brokerCode}</text>`);
    expect(card.body).not.toContain('\u202E');
    expect(card.body).not.toContain('live');
  });

  it('names the broker on the QR card by the checked name', async () => {
    const broker = await aBroker(t, { fullName: '  ريم   السبيعي ' });
    const card = await as(broker).call(referralLinkEndpoints.qr);
    expect(card.body).toContain('>ريم السبيعي</text>');
  });
});
