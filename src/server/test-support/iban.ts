import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { brokerEndpoints } from '#contract/brokers';
import { IBAN_CHANGE_HOLD_HOURS } from '#domain';
import { brokers } from '../db/schema.js';
import { client } from './client.js';
import type { TestApp, TestBroker } from './test-app.js';

/**
 * A valid Saudi IBAN of its own for each seed (a broker's phone, say), with the ISO 13616
 * check computed: brokers who shared one IBAN would raise the shared-IBAN signal.
 */
export function ibanFor(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  const account = Array.from(digest.subarray(0, 18), (byte) => byte % 10).join('');
  const bban = `80${account}`;
  // "SA" is 28 10; the check digits make the whole number 1 modulo 97.
  let remainder = 0;
  for (const digit of `${bban}281000`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `SA${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/**
 * Puts an IBAN on the broker's profile as the broker does (the password again), then lets the
 * 48-hour hold that every new IBAN starts run out, as for a test about something else.
 */
export async function anIbanOnProfile(
  t: TestApp,
  broker: TestBroker,
  iban = ibanFor(broker.phone),
): Promise<string> {
  const saved = await client(t)
    .as(broker)
    .call(brokerEndpoints.setBankAccount, { body: { iban, password: 'secret123' } });
  if (saved.statusCode !== 200) throw new Error(`IBAN not saved: ${saved.body}`);
  await t.database.db
    .update(brokers)
    .set({ ibanChangedAt: sql`now() - make_interval(hours => ${IBAN_CHANGE_HOLD_HOURS + 1})` })
    .where(eq(brokers.id, broker.id));
  return iban;
}
