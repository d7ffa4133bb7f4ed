import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { brokerEndpoints } from '#contract/brokers';
import { payoutReference, SINGLE_LINE_MESSAGE } from '#domain';
import { brokers, payouts } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { anAdmin, aSignedContract } from '../test-support/factories.js';
import { ibanFor } from '../test-support/iban.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

// A broker's name with line breaks (CRLF, LF, the C1 next line), quotes,
// commas, a direction override and a formula, stored before the input rule existed, cannot add
// a payout line to the bank file, whether the bank reads the file by RFC 4180 or line by line.

let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);

/** RFC 4180: fields split by commas, records by CRLF (a bare LF accepted too), quotes doubled. */
function rfc4180Records(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new Error('a quoted field is never closed');
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** A line-based importer: one record per physical line, whatever the quotes say. */
const physicalLines = (text: string) => text.split(/\r\n|\n|\r/).filter((line) => line !== '');

/** The crudest importer: one record per line, cells split on commas, outer quotes dropped. */
const naiveRecords = (text: string) =>
  physicalLines(text).map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));

describe('the bank file keeps one payout per line', () => {
  it('whatever the beneficiary name stored before the rule holds', async () => {
    const attackerIban = ibanFor('attacker');
    const typedName = `=HYPERLINK("https://evil.sa")\r\nنورة "الدوسري"; EVIL\n${attackerIban},99999.00,SAR,SHR-EVIL\r\n\u202Eنورة`;
    const storedName = `${typedName}\u0085\u0007`;
    const { broker } = await aSignedContract(t, admin, { rent: 120_000 });
    const iban = ibanFor(broker.phone);
    const set = await as(broker).call(brokerEndpoints.setBankAccount, {
      body: { iban, password: 'secret123' },
    });
    expect(set.statusCode).toBe(200);
    // Typed today, the name is refused (without its C1 and C0 controls, which the request
    // guard refuses first); written straight into the database, as before the rule, it stays.
    // The IBAN is dated two days back, past the hold on a new one.
    const typed = await as(broker).call(brokerEndpoints.replaceProfile, {
      body: { fullName: typedName },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json<ApiError>().message).toBe(SINGLE_LINE_MESSAGE);
    await t.database.db
      .update(brokers)
      .set({ fullName: storedName, ibanChangedAt: sql`now() - interval '49 hours'` })
      .where(eq(brokers.id, broker.id));

    expect((await as(admin).call(adminPayoutEndpoints.payDue)).json()).toMatchObject({
      created: 1,
    });
    const [payout] = await t.database.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.brokerId, broker.id));
    if (!payout) throw new Error('«دفع كل المستحق» made no payout');
    const approved = await as(admin).call(adminPayoutEndpoints.mark, {
      body: {
        ids: [payout.id],
        status: 'approved',
      },
    });
    expect(approved.json()).toMatchObject({ changed: 1 });
    const file = await as(admin).call(adminPayoutEndpoints.bankFile);
    expect(file.statusCode).toBe(200);
    const text = file.body.replace(/^\uFEFF/, '');

    const header = ['beneficiary_name', 'iban', 'amount', 'currency', 'reference'];
    const line = [
      // Breaks and controls a space, the override gone, commas and semicolons Arabic ones,
      // the formula opened by an apostrophe; the inner quotes are the CSV's to double.
      `'=HYPERLINK("https://evil.sa") نورة "الدوسري"؛ EVIL ${attackerIban}،99999.00،SAR،SHR-EVIL نورة`,
      iban,
      '1200.00',
      'SAR',
      payoutReference(payout.id),
    ];
    const records = rfc4180Records(text);
    expect(records).toEqual([header, line]);
    // Read a line at a time, each line is exactly one of those records.
    const lines = physicalLines(text);
    expect(lines).toHaveLength(2);
    expect(lines.map((physical) => rfc4180Records(physical)[0])).toEqual(records);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.slice(0, -2)).not.toMatch(/\n(?<!\r\n)|\r(?!\n)/);
    // Even a reader that ignores quotes finds the broker's IBAN and amount in their columns.
    const naive = naiveRecords(text);
    expect(naive.map((cells) => cells.length)).toEqual([5, 5]);
    expect(naive[1]?.slice(1, 4)).toEqual([iban, '1200.00', 'SAR']);
    expect(naive.flat()).not.toContain(attackerIban);
    expect(naive.flat()).not.toContain('99999.00');
  });
});
