import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { devEndpoints } from '#contract/dev';
import { referralEndpoints } from '#contract/referrals';
import { superadminEndpoints } from '#contract/superadmin';
import { EXPIRED_REFERRAL_NOTE, payoutReference } from '#domain';
import type { BodyOf } from './test-support/endpoints.js';
import { aLease } from './test-support/factories.js';
import { ibanFor } from './test-support/iban.js';
import type { ApiError } from './test-support/responses.js';
import {
  activeBroker,
  Client,
  cleanUp,
  freshPostgres,
  type Server,
  startServer,
  uniquePhone,
} from './test-support/server-process.js';

// The races: two server processes on one PostgreSQL database, and the same
// change sent to both at the same moment by several admins — a referral signed, a transfer
// request paid, «دفع كل المستحق», the bank file, payouts marked sent and paid, and the
// housekeeping jobs. Each thing must happen once, and every answer must be the product's: 2xx,
// or a 4xx with its Arabic `{message, code}` — never a 5xx.
//
// The races follow one another on one pair of servers (starting a pair costs seconds on this
// machine); the payout races carry on from the payouts the earlier ones made.

const serverUrl = inject('postgresServerUrl');

type Instance = 'A' | 'B';
/** One server's answer to one call of a race, read in full. */
type Answer = {
  label: string;
  who: string;
  instance: Instance;
  status: number;
  body: unknown;
  text: string;
  /** The bank file's batch (X-Bank-Batch), when the answer is one. */
  batch: string | null;
};
/** A call of a race, not yet sent: every call of a race is sent in the same tick. */
type Call = { label: string; who: string; instance: Instance; send: () => Promise<Response> };
/** A signed-in account, its session good on both instances. */
type Account = { name: string; id: string; phone: string; on: readonly [Client, Client] };
type Referral = { id: string; tenantPhone: string };
type StatusChange = ResponseOf<typeof adminReferralEndpoints.changeStatus>;
type Changed = ResponseOf<typeof adminPayoutEndpoints.pay>;
type Marked = ResponseOf<typeof adminPayoutEndpoints.mark>;
type MarkStatus = BodyOf<typeof adminPayoutEndpoints.mark>['status'];
type DueRun = ResponseOf<typeof adminPayoutEndpoints.payDue>;
type Clock = ResponseOf<typeof devEndpoints.clock>;
type Summary = ResponseOf<typeof commissionEndpoints.summary>;

const PASSWORD = 'secret123';
const RENT = 90_000;
/** The default rule's commission on RENT (1%, at least 500). */
const COMMISSION = '900.00';
/** Arabic letters: the product's messages are Arabic, never Node's or a library's English. */
const ARABIC = /[\u0600-\u06FF]/;

let a: Server;
let b: Server;
/** When the servers were started: their own first housekeeping runs a minute after that. */
let spawnedAt = 0;
let db: pg.Client;
/** Four admins (the super-admin among them), each racing from both instances. */
let staff: Account[] = [];
let root: Account;
/** The demo admin, who processes the set-up one step at a time. */
let admin: Account;

beforeAll(async () => {
  const url = await freshPostgres(serverUrl);
  spawnedAt = Date.now();
  // The races are about what each answer and row says, not about deadlines (the fault tests
  // cover those): on a loaded CI machine a racer queued behind the others' row locks passed
  // the production 5 s and was answered 503, which says nothing about the race.
  const env = {
    DATABASE_URL: url,
    DATABASE_STATEMENT_TIMEOUT_SECONDS: '60',
    DATABASE_CONNECT_TIMEOUT_SECONDS: '30',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  root = await accountOf('super-admin', await signIn('0550000001'));
  admin = await accountOf('admin', await signIn('0550000002'));
  // Two more admins, made so by the super-admin as the console does: four people racing.
  const more: Account[] = [];
  for (const name of ['admin-3', 'admin-4']) {
    const account = await accountOf(name, await activeBroker(a.base));
    const granted = await root.on[0].call(superadminEndpoints.changeRole, {
      params: { id: account.id },
      body: {
        isAdmin: true,
      },
    });
    expect(granted.status).toBe(200);
    more.push(account);
  }
  staff = [root, admin, ...more];
}, 120_000);

afterAll(async () => {
  await db?.end();
  await cleanUp();
});

// ---------- accounts and data, made through the API as people make them ----------

async function signIn(phone: string): Promise<Client> {
  const client = new Client(a.base);
  const response = await client.call(authEndpoints.login, {
    body: { phone, password: 'demo1234' },
  });
  expect(response.status).toBe(200);
  return client;
}

async function accountOf(name: string, client: Client): Promise<Account> {
  const response = await client.call(brokerEndpoints.profile);
  expect(response.status).toBe(200);
  const { id, phone } = await response.json();
  return { name, id, phone, on: [client, client.rebase(b.base)] };
}

const aBroker = async (name: string) => accountOf(name, await activeBroker(a.base));

/** `count` referrals of RENT a year, sent by the broker on both instances in turn. */
async function refer(broker: Account, count: number): Promise<Referral[]> {
  const made: Referral[] = [];
  for (let i = 0; i < count; i++) {
    const tenantPhone = uniquePhone();
    const response = await (i % 2 === 0 ? broker.on[0] : broker.on[1]).call(
      referralEndpoints.create,
      {
        body: {
          tenantPhone,
          rent: RENT,
        },
      },
    );
    expect(response.status).toBe(201);
    const { id } = await response.json();
    made.push({ id, tenantPhone });
  }
  return made;
}

/** Moves referrals one at a time (not a race), as the console does; signing names the lease. */
async function setStatus(referrals: Referral[], status: string): Promise<void> {
  for (const referral of referrals) {
    const response = await admin.on[0].call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: {
        status,
        ...(status === 'contract_signed' ? aLease(RENT) : {}),
      },
    });
    expect(response.status).toBe(200);
  }
}

/** The broker's own IBAN on the profile, past the 48 hours every new IBAN holds payouts for. */
async function withIban(broker: Account): Promise<string> {
  const iban = ibanFor(broker.phone);
  const saved = await broker.on[0].call(brokerEndpoints.setBankAccount, {
    body: {
      iban,
      password: PASSWORD,
    },
  });
  expect(saved.status).toBe(200);
  // As 49 hours passing would (the dev clock moves the hold only with a referral's days).
  await db.query(`update brokers set iban_changed_at = now() - interval '49 hours' where id = $1`, [
    broker.id,
  ]);
  return iban;
}

async function setting(
  key: BodyOf<typeof adminSettingsEndpoints.set>['key'],
  value: string,
): Promise<void> {
  const response = await root.on[0].call(adminSettingsEndpoints.set, { body: { key, value } });
  expect(response.status).toBe(200);
}

// ---------- racing ----------

/** Every admin's call on both instances, `rounds` times each. */
function everyone(
  rounds: number,
  label: string,
  send: (client: Client) => Promise<Response>,
): Call[] {
  const calls: Call[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const member of staff) {
      member.on.forEach((client, i) => {
        calls.push({
          label,
          who: member.name,
          instance: i === 0 ? 'A' : 'B',
          send: () => send(client),
        });
      });
    }
  }
  return calls;
}

/** Two lists of calls taken in turn, so neither kind is sent ahead of the other. */
function interleave(first: Call[], second: Call[]): Call[] {
  const mixed: Call[] = [];
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    const one = first[i];
    const other = second[i];
    if (one) mixed.push(one);
    if (other) mixed.push(other);
  }
  return mixed;
}

/**
 * Sends every call in the same tick (each fetch starts before any answer is awaited), reads
 * every answer in full, and holds each to the product's promise: 2xx, or a 4xx whose body is
 * the Arabic `{message, code}` — never a 5xx, never another shape.
 */
async function atOnce(calls: Call[]): Promise<Answer[]> {
  const sent = calls.map((call) => ({ call, response: call.send() }));
  const answers = await Promise.all(
    sent.map(async ({ call, response }): Promise<Answer> => {
      const got = await response;
      const text = await got.text();
      const json = got.headers.get('content-type')?.includes('application/json');
      return {
        label: call.label,
        who: call.who,
        instance: call.instance,
        status: got.status,
        body: json ? JSON.parse(text) : null,
        text,
        batch: got.headers.get('x-bank-batch'),
      };
    }),
  );
  for (const answer of answers) {
    const where = `${answer.label} by ${answer.who} on ${answer.instance}: ${answer.status} ${answer.text.slice(0, 300)}`;
    expect(answer.status, where).toBeGreaterThanOrEqual(200);
    expect(answer.status, where).toBeLessThan(500);
    if (answer.status >= 400) {
      const body = answer.body as Partial<ApiError> | null;
      expect(typeof body?.message === 'string' && ARABIC.test(body.message), where).toBe(true);
      expect(body?.code, where).toMatch(/^[A-Z][A-Z0-9_]+$/);
    }
  }
  return answers;
}

const bodyOf = <T>(answer: Answer): T => answer.body as T;
const ok = (answers: Answer[]) => answers.filter((answer) => answer.status < 300);
const codesOf = (answers: Answer[]) => [
  ...new Set(answers.filter((x) => x.status >= 400).map((x) => bodyOf<{ code: string }>(x).code)),
];

// ---------- reading the database ----------

async function count(text: string, values: unknown[] = []): Promise<number> {
  const result = await db.query<{ n: number }>(
    `select count(*)::int as n from (${text}) counted`,
    values,
  );
  return result.rows[0]?.n ?? 0;
}

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await db.query<T>(text, values)).rows;
}

/** Audit rows of one action on one entity. */
const audited = (action: string, entityId: string) =>
  count(`select 1 from audit_log where action = $1 and entity_id = $2`, [action, entityId]);

/** The broker's notifications with this title (and text in the message, when given). */
const notified = (brokerId: string, title: string, inMessage = '') =>
  count(
    `select 1 from notifications where broker_id = $1 and title = $2 and strpos(message, $3) > 0`,
    [brokerId, title, inMessage],
  );

/**
 * Status messages of the referrals, once both instances' outbox workers have had them: each
 * must end sent, on its first attempt (neither instance sent one the other had).
 */
async function statusMessagesOf(referralIds: string[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await rows<{ referral_id: string; status: string; attempts: number }>(
      `select referral_id, status, attempts from outbound_messages
       where kind = 'status_update' and referral_id = any($1::uuid[])`,
      [referralIds],
    );
    const waiting = found.some((m) => m.status === 'queued' || m.status === 'sending');
    if (!waiting || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A broker's money as the broker sees it: it must add up, and nothing requested twice. */
async function summaryOf(broker: Account): Promise<Summary> {
  const response = await broker.on[1].call(commissionEndpoints.summary);
  expect(response.status).toBe(200);
  const summary = await response.json();
  const cents = (value: string) => Math.round(Number(value) * 100);
  expect(cents(summary.total)).toBe(
    cents(summary.paid) + cents(summary.pending) + cents(summary.requested) + cents(summary.onHold),
  );
  expect(cents(summary.pending)).toBeGreaterThanOrEqual(0);
  return summary;
}

/**
 * The whole database's money, counted from rows: no broker's open payouts hold more than the
 * broker's unpaid payable commissions (a riyal asked for twice), and what commissions record as
 * paid is exactly what paid payouts carried (a payout settled twice).
 */
async function moneyAddsUp(): Promise<void> {
  const overRequested = await rows<{ broker_id: string }>(
    `select b.id as broker_id from brokers b
     where (select coalesce(sum(amount), 0) from transfer_requests t
            where t.broker_id = b.id and t.status in ('open', 'approved', 'sent'))
         > (select coalesce(sum(amount - paid_amount), 0) from commissions c
            where c.broker_id = b.id and c.status in ('pending', 'requested'))`,
  );
  expect(overRequested).toEqual([]);
  const paidTwice = await rows<{ broker_id: string; settled: string; carried: string }>(
    `select broker_id, settled::text, carried::text from (
       select b.id as broker_id,
         (select coalesce(sum(paid_amount), 0) from commissions c where c.broker_id = b.id)
           as settled,
         (select coalesce(sum(amount), 0) from transfer_requests t
          where t.broker_id = b.id and t.status = 'paid') as carried
       from brokers b) money
     where settled <> carried`,
  );
  expect(paidTwice).toEqual([]);
}

// ---------- the races ----------

describe('two instances racing on the same referrals, payouts and housekeeping', () => {
  it('housekeeping run on both instances at once expires each stale referral and releases each held commission once, telling each broker once', async () => {
    // Commissions held for a week: signed now, released by the housekeeping once aged.
    await setting('commission_holding_days', '7');
    const heldBrokers = await Promise.all(
      ['held-1', 'held-2', 'held-3', 'held-4', 'held-5', 'held-6'].map(aBroker),
    );
    const held: Referral[] = [];
    for (const broker of heldBrokers) {
      const two = await refer(broker, 2);
      await setStatus(two, 'contract_signed');
      held.push(...two);
    }
    await setting('commission_holding_days', '0');
    expect(
      await count(`select 1 from commissions where status = 'on_hold' and referral_id = any($1)`, [
        held.map((r) => r.id),
      ]),
    ).toBe(held.length);

    // Referrals whose tenant never answered; and one under review that only pulls the trigger.
    const waiter = await aBroker('waiter');
    const [trigger, ...stale] = await refer(waiter, 16);
    if (!trigger) throw new Error('no trigger referral');
    await setStatus([trigger], 'under_review');

    // Aged in SQL, not through the dev clock: the clock runs the jobs as soon as it moves one
    // referral, so aging through it would run them one at a time, before the race. The same
    // columns the clock moves are moved here.
    await db.query(
      `update referrals set created_at = created_at - interval '31 days',
         submitted_at = submitted_at - interval '31 days',
         status_changed_at = status_changed_at - interval '31 days'
       where id = any($1)`,
      [stale.map((r) => r.id)],
    );
    await db.query(
      `update commissions set payable_at = payable_at - interval '8 days',
         created_at = created_at - interval '8 days'
       where referral_id = any($1)`,
      [held.map((r) => r.id)],
    );

    // The hourly housekeeping cannot be started on a running process (a timer, first a minute
    // after the start); the dev clock runs its two jobs that touch referrals and money
    // (expireReferrals, releaseCommissions) at once, on the instance asked. Every admin asks
    // both instances four times, all at the same moment, for a referral with nothing due.
    const answers = await atOnce(
      everyone(4, 'clock', (client) =>
        client.call(devEndpoints.clock, { body: { referralId: trigger.id, days: 1 } }),
      ),
    );
    const raceEnded = Date.now();
    expect(answers.map((x) => x.status)).toEqual(answers.map(() => 200));
    const expired = answers.reduce((sum, x) => sum + bodyOf<Clock>(x).expiredReferrals, 0);
    const released = answers.reduce((sum, x) => sum + bodyOf<Clock>(x).releasedCommissions, 0);
    // Each run counts what it did: a double release or expiry would count twice. Only the
    // servers' own first housekeeping, a minute after they started, could have taken a share.
    expect(expired).toBeLessThanOrEqual(stale.length);
    expect(released).toBeLessThanOrEqual(held.length);
    if (raceEnded - spawnedAt < 60_000) {
      expect(expired).toBe(stale.length);
      expect(released).toBe(held.length);
    }

    // Each stale referral: cancelled once, one audit row, one status message, one notice.
    for (const referral of stale) {
      const [row] = await rows<{ status: string }>(`select status from referrals where id = $1`, [
        referral.id,
      ]);
      expect(row?.status).toBe('cancelled');
      expect(await audited('referral.expire', referral.id)).toBe(1);
      expect(await notified(waiter.id, EXPIRED_REFERRAL_NOTE, referral.tenantPhone)).toBe(1);
    }
    const messages = await statusMessagesOf(stale.map((r) => r.id));
    expect(messages).toHaveLength(stale.length);
    expect(messages.filter((m) => m.status !== 'sent' || m.attempts !== 1)).toEqual([]);
    expect(await notified(waiter.id, EXPIRED_REFERRAL_NOTE)).toBe(stale.length);
    const [still] = await rows<{ status: string }>(`select status from referrals where id = $1`, [
      trigger.id,
    ]);
    expect(still?.status).toBe('under_review');

    // Each held commission: payable once, one audit row; each broker told once of both.
    const commissions = await rows<{ id: string; status: string }>(
      `select id, status from commissions where referral_id = any($1)`,
      [held.map((r) => r.id)],
    );
    expect(commissions.map((c) => c.status)).toEqual(held.map(() => 'pending'));
    for (const commission of commissions) {
      expect(await audited('commission.release', commission.id)).toBe(1);
    }
    for (const broker of heldBrokers) {
      expect(await notified(broker.id, 'انتهت فترة الانتظار')).toBe(1);
      expect((await summaryOf(broker)).pending).toBe('1800.00');
    }
  });

  it('the same referrals moved to contract signed, then commission added, by every admin on both instances at once: one commission, one change each', async () => {
    const broker = await aBroker('referrer');
    const referrals = await refer(broker, 8);
    /** Each admin's calls per referral from each instance. */
    const ROUNDS = 3;
    const rounds = [
      { status: 'contract_signed', creates: true },
      { status: 'commission_added', creates: false },
    ];
    // Each referral's one lease, the same in every admin's call (as the console would send it).
    const leases = new Map(referrals.map((referral) => [referral.id, aLease(RENT)]));
    for (const { status, creates } of rounds) {
      // Every referral's race at once: 8 referrals × 4 admins × 2 instances × 3 = 192 calls,
      // all on one broker, whose row every commission path locks.
      const calls = referrals.flatMap((referral) =>
        everyone(ROUNDS, referral.id, (client) =>
          client.call(adminReferralEndpoints.changeStatus, {
            params: { id: referral.id },
            body: { status, ...(creates ? leases.get(referral.id) : {}) },
          }),
        ),
      );
      const answers = await atOnce(calls);
      for (const referral of referrals) {
        const mine = answers.filter((x) => x.label === referral.id);
        expect(mine.map((x) => x.status)).toEqual(mine.map(() => 200));
        const changes = mine.map((x) => bodyOf<StatusChange>(x));
        expect(changes.every((c) => c.newStatus === status)).toBe(true);
        const real = changes.filter((c) => c.oldStatus !== c.newStatus);
        expect(real).toHaveLength(1);
        const created = changes.filter((c) => c.commissionCreated !== null);
        expect(created).toEqual(creates ? real : []);
        if (creates) expect(created[0]?.commissionCreated).toBe(COMMISSION);
      }
    }

    const perReferral = rounds.length * staff.length * 2 * ROUNDS;
    for (const referral of referrals) {
      expect(await count(`select 1 from commissions where referral_id = $1`, [referral.id])).toBe(
        1,
      );
      // Every answered change is audited (a repeat as a change to the same status); exactly
      // two of them changed anything.
      expect(await audited('referral.status_change', referral.id)).toBe(perReferral);
      expect(
        await count(
          `select 1 from audit_log where action = 'referral.status_change' and entity_id = $1
             and before->>'status' is distinct from after->>'status'`,
          [referral.id],
        ),
      ).toBe(2);
      const history = await root.on[1].call(adminReferralEndpoints.history, {
        params: { id: referral.id },
      });
      expect(history.status).toBe(200);
      const entries = await history.json();
      expect(entries.map((e) => [e.kind, e.status])).toEqual([
        ['created', 'pending_completion'],
        ['status_changed', 'contract_signed'],
        ['status_changed', 'commission_added'],
      ]);
      // The broker hears of each change once, and of the commission once.
      expect(await notified(broker.id, 'تحديث حالة الطلب', referral.tenantPhone)).toBe(2);
      expect(await notified(broker.id, 'تمت إضافة عمولة', referral.tenantPhone)).toBe(1);
    }
    const messages = await statusMessagesOf(referrals.map((r) => r.id));
    expect(messages).toHaveLength(referrals.length * 2);
    expect(messages.filter((m) => m.status !== 'sent' || m.attempts !== 1)).toEqual([]);
    expect((await summaryOf(broker)).total).toBe('7200.00');
  });

  it('the same transfer request paid by every admin on both instances at once is paid once; paid against rejected, one wins and the other is refused', async () => {
    const broker = await aBroker('requester');
    await setStatus(await refer(broker, 3), 'contract_signed');
    const iban = await withIban(broker);
    const ask = async (amount: number) => {
      const response = await broker.on[0].call(commissionEndpoints.requestPayout, {
        body: {
          amount,
          bankAccount: iban,
        },
      });
      expect(response.status).toBe(201);
      return (await response.json()).id;
    };
    const first = await ask(2000);
    const second = await ask(500);

    const paid = await atOnce(
      everyone(4, 'pay', (client) =>
        client.call(adminPayoutEndpoints.pay, {
          params: { id: first },
          body: {
            transferReference: 'RACE-PAY-1',
          },
        }),
      ),
    );
    // One payment; every other admin is told it had already been done (the endpoint is
    // idempotent by contract: 200 with changed false), or refused in the product's shape.
    const winners = paid.filter((x) => x.status === 200 && bodyOf<Changed>(x).changed);
    expect(winners).toHaveLength(1);
    expect(
      paid.filter((x) => x.status === 200 && !bodyOf<Changed>(x).changed).length +
        paid.filter((x) => x.status >= 400).length,
    ).toBe(paid.length - 1);
    const [request] = await rows<{ status: string; transfer_reference: string }>(
      `select status, transfer_reference from transfer_requests where id = $1`,
      [first],
    );
    expect(request).toEqual({ status: 'paid', transfer_reference: 'RACE-PAY-1' });
    expect(await audited('payout.pay', first)).toBe(1);
    expect(await notified(broker.id, 'تم تنفيذ طلب التحويل')).toBe(1);
    const [settled] = await rows<{ paid: string }>(
      `select sum(paid_amount)::text as paid from commissions where broker_id = $1`,
      [broker.id],
    );
    expect(settled?.paid).toBe('2000.00');

    // Paying and rejecting the same request at once: whichever comes first stands; the other
    // kind is refused with 409 REQUEST_CLOSED, never a 5xx, never both done.
    const mixed = await atOnce(
      interleave(
        everyone(2, 'pay', (client) =>
          client.call(adminPayoutEndpoints.pay, { params: { id: second }, body: {} }),
        ),
        everyone(2, 'reject', (client) =>
          client.call(adminPayoutEndpoints.reject, {
            params: { id: second },
            body: {
              reason: 'سباق بين الدفع والرفض',
            },
          }),
        ),
      ),
    );
    const pays = mixed.filter((x) => x.label === 'pay');
    const rejects = mixed.filter((x) => x.label === 'reject');
    const paidNow = pays.filter((x) => x.status === 200 && bodyOf<Changed>(x).changed);
    const rejectedNow = ok(rejects);
    expect(paidNow.length + rejectedNow.length).toBe(1);
    const [outcome] = await rows<{ status: string }>(
      `select status from transfer_requests where id = $1`,
      [second],
    );
    if (paidNow.length === 1) {
      expect(outcome?.status).toBe('paid');
      expect(codesOf(rejects)).toEqual(['REQUEST_CLOSED']);
      expect(rejects.every((x) => x.status === 409)).toBe(true);
      expect(ok(pays).length).toBe(pays.length);
    } else {
      expect(outcome?.status).toBe('rejected');
      expect(pays.every((x) => x.status === 409)).toBe(true);
      expect(codesOf(pays)).toEqual(['REQUEST_CLOSED']);
      expect(codesOf(rejects)).toEqual(['REQUEST_CLOSED']);
    }
    expect((await audited('payout.pay', second)) + (await audited('payout.reject', second))).toBe(
      1,
    );
    expect(await notified(broker.id, 'تم تنفيذ طلب التحويل')).toBe(1 + paidNow.length);
    expect(await notified(broker.id, 'تم رفض طلب التحويل')).toBe(rejectedNow.length);
    await summaryOf(broker);
    await moneyAddsUp();
  });

  // The payout pipeline: drafts, approval, the bank file, sent, paid — each step raced.
  let payees: Account[] = [];
  let large: Account;
  let payouts: string[] = [];

  it('«دفع كل المستحق» from every admin on both instances at once, beside a broker asking for the same money: one draft per broker, no riyal asked for twice', async () => {
    const small = await Promise.all(
      ['payee-1', 'payee-2', 'payee-3', 'payee-4', 'payee-5'].map(aBroker),
    );
    // Twelve contracts: 10,800, above the 10,000 a payout needs two people for.
    large = await aBroker('payee-large');
    const asker = await aBroker('payee-asker');
    payees = [...small, large, asker];
    for (const broker of payees) {
      await setStatus(await refer(broker, broker === large ? 12 : 1), 'contract_signed');
      await withIban(broker);
    }
    const drafts = `select id from transfer_requests where source = 'bulk'`;
    const draftsBefore = await count(drafts);
    const auditsBefore = await count(`select 1 from audit_log where action = 'payout.create'`);

    const asks: Call[] = [];
    for (let round = 0; round < 2; round++) {
      asker.on.forEach((client, i) => {
        asks.push({
          label: 'ask',
          who: asker.name,
          instance: i === 0 ? 'A' : 'B',
          send: () =>
            client.call(commissionEndpoints.requestPayout, {
              body: {
                amount: 900,
                bankAccount: ibanFor(asker.phone),
              },
            }),
        });
      });
    }
    const answers = await atOnce(
      interleave(
        everyone(3, 'pay-due', (client) => client.call(adminPayoutEndpoints.payDue)),
        asks,
      ),
    );
    const runs = answers.filter((x) => x.label === 'pay-due');
    expect(runs.map((x) => x.status)).toEqual(runs.map(() => 200));
    const created = runs.reduce((sum, x) => sum + bodyOf<DueRun>(x).created, 0);
    expect((await count(drafts)) - draftsBefore).toBe(created);
    expect(
      (await count(`select 1 from audit_log where action = 'payout.create'`)) - auditsBefore,
    ).toBe(created);
    expect(
      await rows(
        `select broker_id from transfer_requests where source = 'bulk'
         group by broker_id having count(*) > 1`,
      ),
    ).toEqual([]);

    // Each payee: one draft of all it has payable; the asker's 900 either in its own request
    // or in a draft, never both (the losing request is refused: more than is available).
    for (const broker of [...small, large]) {
      expect(
        await rows(`select amount::text from transfer_requests where broker_id = $1`, [broker.id]),
      ).toEqual([{ amount: broker === large ? '10800.00' : COMMISSION }]);
    }
    const asked = answers.filter((x) => x.label === 'ask');
    expect(ok(asked).length).toBeLessThanOrEqual(1);
    expect(asked.filter((x) => x.status >= 400).every((x) => x.status === 400)).toBe(true);
    expect(codesOf(asked).filter((code) => code !== 'AMOUNT_ABOVE_AVAILABLE')).toEqual([]);
    expect(
      await rows<{ source: string }>(`select source from transfer_requests where broker_id = $1`, [
        asker.id,
      ]),
    ).toEqual([{ source: ok(asked).length === 1 ? 'request' : 'bulk' }]);
    for (const broker of payees) expect((await summaryOf(broker)).pending).toBe('0.00');
    await moneyAddsUp();

    // Nothing is left for another run.
    const again = await root.on[1].call(adminPayoutEndpoints.payDue);
    expect((await again.json()).created).toBe(0);
    payouts = (
      await rows<{ id: string }>(`select id from transfer_requests where status = 'open'`)
    ).map((row) => row.id);
    expect(payouts.length).toBeGreaterThanOrEqual(payees.length);
  });

  it('approval and the bank file from every admin on both instances at once: each payout approved once and in exactly one bank file', async () => {
    expect(payouts.length).toBeGreaterThan(0);
    const mark = (client: Client, status: MarkStatus, transferReference?: string) =>
      client.call(adminPayoutEndpoints.mark, { body: { ids: payouts, status, transferReference } });

    const approvals = await atOnce(everyone(3, 'approve', (client) => mark(client, 'approved')));
    expect(approvals.map((x) => x.status)).toEqual(approvals.map(() => 200));
    const approved = approvals.map((x) => bodyOf<Marked>(x));
    expect(approved.flatMap((m) => m.refused)).toEqual([]);
    expect(approved.reduce((sum, m) => sum + m.changed, 0)).toBe(payouts.length);
    for (const id of payouts) expect(await audited('payout.approve', id)).toBe(1);

    const files = await atOnce(
      everyone(3, 'bank-file', (client) => client.call(adminPayoutEndpoints.bankFile)),
    );
    const downloaded = ok(files);
    expect(downloaded.length).toBeGreaterThan(0);
    // The losers find nothing new to put in a file.
    expect(files.filter((x) => x.status >= 400).every((x) => x.status === 409)).toBe(true);
    expect(codesOf(files).filter((code) => code !== 'NOTHING_TO_FILE')).toEqual([]);
    const batches = downloaded.map((x) => x.batch);
    expect(new Set(batches).size).toBe(downloaded.length);
    const stamped = await rows<{ id: string; bank_batch: string | null }>(
      `select id, bank_batch from transfer_requests where id = any($1)`,
      [payouts],
    );
    for (const payout of stamped) {
      // In one file, the one whose batch the database gave it.
      const carrying = downloaded.filter((x) => x.text.includes(payoutReference(payout.id)));
      expect(carrying.map((x) => x.batch)).toEqual([payout.bank_batch]);
    }
    for (const file of downloaded) {
      const lines = file.text.split('\r\n').filter(Boolean).length - 1;
      expect(stamped.filter((p) => p.bank_batch === file.batch)).toHaveLength(lines);
    }
    expect(await count(`select 1 from audit_log where action = 'payout.bank_file'`)).toBe(
      downloaded.length,
    );
  });

  it('the same payouts marked sent, then paid, by every admin on both instances at once: each once, the large one never by its approver', async () => {
    expect(payouts.length).toBeGreaterThan(0);
    const mark = (client: Client, status: MarkStatus, transferReference?: string) =>
      client.call(adminPayoutEndpoints.mark, { body: { ids: payouts, status, transferReference } });
    const [big] = await rows<{ id: string; approved_by: string }>(
      `select id, approved_by from transfer_requests where broker_id = $1`,
      [large.id],
    );
    if (!big) throw new Error('no large payout');
    const approver = staff.find((member) => member.id === big.approved_by);
    if (!approver) throw new Error('the large payout was approved by none of the admins');

    for (const [status, action] of [
      ['sent', 'payout.send'],
      ['paid', 'payout.pay'],
    ] as const) {
      const refusalsBefore = await audited('access.refused_dual_control', big.id);
      const answers = await atOnce(
        everyone(3, status, (client) => mark(client, status, 'RACE-BANK-1')),
      );
      expect(answers.map((x) => x.status)).toEqual(answers.map(() => 200));
      const marked = answers.map((x) => ({ who: x.who, ...bodyOf<Marked>(x) }));
      expect(marked.reduce((sum, m) => sum + m.changed, 0)).toBe(payouts.length);
      // Only the large payout is refused, and only to the admin who approved it (four eyes).
      const refused = marked.flatMap((m) => m.refused.map((r) => ({ who: m.who, ...r })));
      for (const refusal of refused) {
        expect(refusal).toMatchObject({ who: approver.name, id: big.id });
        expect(refusal.message).toMatch(/اعتمدتها بنفسك/);
      }
      expect((await audited('access.refused_dual_control', big.id)) - refusalsBefore).toBe(
        refused.length,
      );
      for (const id of payouts) expect(await audited(action, id)).toBe(1);
      expect(
        await count(`select 1 from transfer_requests where id = any($1) and status = $2`, [
          payouts,
          status,
        ]),
      ).toBe(payouts.length);
    }
    const [bigPaid] = await rows<{ handled_by: string }>(
      `select handled_by from transfer_requests where id = $1`,
      [big.id],
    );
    expect(bigPaid?.handled_by).not.toBe(approver.id);

    // Each broker told once per payment, and every commission settled once.
    const told = await rows<{ broker_id: string; paid: number; told: number }>(
      `select t.broker_id, count(*)::int as paid,
         (select count(*)::int from notifications n
          where n.broker_id = t.broker_id and n.title = 'تم تنفيذ طلب التحويل') as told
       from transfer_requests t where t.status = 'paid' group by t.broker_id`,
    );
    expect(told.filter((row) => row.paid !== row.told)).toEqual([]);
    for (const broker of payees) {
      const summary = await summaryOf(broker);
      expect(summary.paid).toBe(summary.total);
    }
    await moneyAddsUp();
  });
});
