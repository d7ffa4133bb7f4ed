import { describe, expect, it } from 'vitest';
import { deliveryFailure } from './failures.js';

// The delivery log explains each failure in Arabic, its code apart: rows stored with
// English text (before this change) read as well as new ones.

const LATIN = /[A-Za-z]/;

describe('a webhook delivery failure, as the log shows it', () => {
  it.each([
    ['HTTP 500: webhook: the endpoint answered HTTP 500', 'HTTP 500', 'ردّ الخادم المستقبِل بخطأ'],
    ['HTTP 302: webhook: the endpoint answered HTTP 302', 'HTTP 302', 'بتحويل إلى عنوان آخر'],
    ['HTTP 429: webhook: too many requests', 'HTTP 429', 'طلب الخادم المستقبِل التمهّل'],
    ['timeout: webhook: no answer within 5000 ms', 'timeout', 'خلال ٥ ثوانٍ'],
    ['network: webhook: connection failed or closed', 'network', 'تعذّر الاتصال'],
    ['insecure_url: لا تُرسل الأحداث إلا إلى رابط يبدأ بـ https://', 'insecure_url', 'رابط آمن'],
    ['endpoint_off: نقطة الاستقبال محذوفة', 'endpoint_off', 'نقطة الاستقبال محذوفة'],
    [
      'internal_address: العنوان داخلي في الشبكة وغير مسموح به، فلم يُرسل إليه شيء',
      'internal_address',
      'العنوان داخلي',
    ],
    ['something odd', '', 'تعذّر تسليم الحدث'],
    ['Error: connect ECONNREFUSED 10.0.0.1:443', '', 'تعذّر تسليم الحدث'],
    ['تعذّر التسليم لسبب ما', '', 'تعذّر التسليم لسبب ما'],
    ['ECONNRESET: socket hang up', '', 'تعذّر تسليم الحدث'],
  ])('%s', (stored, code, words) => {
    const failure = deliveryFailure(stored);
    expect(failure?.code).toBe(code);
    expect(failure?.explanation).toContain(words);
    expect(failure?.explanation).not.toMatch(LATIN);
  });

  it('says when an unconfirmed one was not sent again', () => {
    const failure = deliveryFailure(
      'unconfirmed: timeout: webhook: no answer within 5000 ms; not sent again, it may have arrived',
    );
    expect(failure).toEqual({
      code: 'timeout',
      explanation: 'لم يردّ الخادم المستقبِل خلال ٥ ثوانٍ؛ وقد يكون وصل رغم ذلك، فلم يُرسل مرة أخرى',
    });
  });

  it('is nothing when nothing failed', () => {
    expect(deliveryFailure(null)).toBeNull();
  });
});
