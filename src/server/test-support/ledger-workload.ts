import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { expect } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import type { Endpoint, ResponseOf } from '#contract/common';
import { devEndpoints } from '#contract/dev';
import { referralEndpoints } from '#contract/referrals';
import { estimateCommission, payoutReference, toCents } from '#domain';
import { runningClusterUrl } from '../db/embedded.js';
import { payoutStatusOfStored } from '../db/schema.js';
import { type AnswerOf, type CallArgs, present, type QueryOf } from './endpoints.js';
import { aLease } from './factories.js';
import { type FakeUnifonic, startFakeUnifonic } from './fakes/unifonic.js';
import { ibanFor } from './iban.js';
import type { ApiError } from './responses.js';
import { activeBroker, Client, kill9, startServer } from './server-process.js';
import { unifonicEnv } from './unifonic-env.js';

/**
 * Repeated `kill -9` of the real server process during a mixed workload of the
 * money (referrals, signings, the holding period, transfer requests, payments, «دفع كل المستحق»,
 * bank files, payouts sent, paid and failed, and payouts cancelled or rejected while a bank file
 * is downloaded), then everything that was acknowledged looked for
 * in the rows, the ledger recounted from the rows against what each broker's own screens say,
 * and the SMS the provider took counted against the outbox's promise. Shared by the embedded
 * database's test and PostgreSQL's.
 */

const SUPER_ADMIN = { phone: '0550000001', password: 'demo1234' };
const ADMIN = { phone: '0550000002', password: 'demo1234' };
const BROKER_PASSWORD = 'secret123';
/** Commissions wait this long, so the dev clock has something to move past (and some stay). */
const HOLDING_DAYS = 7;
const SIGNED = 'contract_signed';
const REJECTED = 'rejected';
type Target = typeof SIGNED | typeof REJECTED;

export type LedgerOptions = {
  /** What the server runs on: DATA_DIR (embedded) or DATABASE_URL. */
  env: Record<string, string>;
  /** The database's address for the checks, read once the last server is up. */
  databaseUrl: () => string;
  kills: number;
};

export type LedgerReport = {
  kills: number;
  killedAtSeconds: number[];
  /** Writes under way at each kill. */
  writesAtKill: number[];
  /** Calls whose answer a kill took (or that found the server down). */
  lostAnswers: number;
  acknowledged: {
    statusChanges: number;
    clockMoves: number;
    payouts: number;
    approved: number;
    sent: number;
    paid: number;
    failed: number;
    cancelled: number;
    rejected: number;
    payDueCreated: number;
  };
  referrals: {
    acknowledged: number;
    /** Written though the kill took the answer: allowed, and each still whole and once. */
    presentUnacknowledged: number;
    signed: number;
    rejected: number;
  };
  commissions: number;
  payouts: {
    total: number;
    paid: number;
    failed: number;
    cancelled: number;
    rejected: number;
    bankFiles: number;
  };
  paymentsConfirmed: number;
  sms: { rows: number; providerCalls: number; repeated: number };
  drainSeconds: number;
  totalSeconds: number;
};

/** A signed-in account whose server may be replaced: every restart moves it to the new one. */
class Seat {
  constructor(public client: Client) {}
}

/** An answer as the workload reads it: `json` is what the endpoint answers when it succeeds. */
type Answer<T = unknown> = { status: number; json: T; text: string; headers: Headers };

/** Writes sent and not yet answered: a kill is aimed at a moment with some under way. */
let writesInFlight = 0;

/** One call; null when no answer came (the server was killed, or was down). */
async function call<E extends Endpoint>(
  seat: Seat,
  endpoint: E,
  ...args: CallArgs<E>
): Promise<Answer<AnswerOf<E>> | null> {
  const write = endpoint.method !== 'GET';
  if (write) writesInFlight++;
  try {
    const response = await seat.client.call(endpoint, ...args);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json: json as AnswerOf<E>, text, headers: response.headers };
  } catch {
    return null;
  } finally {
    if (write) writesInFlight--;
  }
}

const codeOf = (answer: Answer) => (answer.json as Partial<ApiError> | null)?.code ?? '';

type BrokerSeat = { seat: Seat; id: string; phone: string; iban: string };

/** What was acknowledged (2xx), to look for in the rows afterwards. */
type Acknowledged = {
  referrals: Map<string, { broker: number; tenantPhone: string; rent: number }>;
  /** Every tenant phone a referral was tried for, answered or not. */
  tried: Set<string>;
  /** Referral → the status its change to was answered. */
  statuses: Map<string, Target>;
  /** Referrals the dev clock was answered for (their commission is past its holding period). */
  clocked: Set<string>;
  payouts: Map<string, { broker: number; amount: string }>;
  approved: Set<string>;
  sent: Set<string>;
  paid: Set<string>;
  failed: Set<string>;
  /** Taken back before any bank had them: cancelled (approved) and rejected (drafts). */
  cancelled: Set<string>;
  rejected: Set<string>;
  /** Bank file batch → the references of its lines. */
  bankFiles: Map<string, string[]>;
  /** Commissions whose payment confirmation was answered. */
  confirmed: Set<string>;
  payDueCreated: number;
};

/** Runs the workload under kills and checks everything; answers the figures. */
export async function ledgerUnderKills(options: LedgerOptions): Promise<LedgerReport> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const sms = await startFakeUnifonic({ appSid: 'ledger-app-sid' });
  // A provider that takes a moment: a kill often lands while a message is under way.
  sms.latencyMs = 25;
  const env = { ...options.env, ...unifonicEnv(sms.url, 'ledger-app-sid') };
  try {
    let server = await startServer(env);
    const seats: Seat[] = [];
    const seat = (client: Client) => {
      const made = new Seat(client);
      seats.push(made);
      return made;
    };
    const superAdmin = seat(new Client(server.base));
    const admin = seat(new Client(server.base));
    expect((await call(superAdmin, authEndpoints.login, { body: SUPER_ADMIN }))?.status).toBe(200);
    expect((await call(admin, authEndpoints.login, { body: ADMIN }))?.status).toBe(200);
    for (const [key, value] of [
      ['commission_holding_days', String(HOLDING_DAYS)],
      // The workload sends far more referrals a day than a broker usually does: no burst
      // signal should hold the money this test follows.
      ['signal_daily_referrals', '9999'],
    ] as const) {
      expect(
        (await call(superAdmin, adminSettingsEndpoints.set, { body: { key, value } }))?.status,
      ).toBe(200);
    }
    const brokers: BrokerSeat[] = [];
    for (let i = 0; i < 5; i++) {
      const client = await activeBroker(server.base, codeFromProvider(sms));
      const brokerSeat = seat(client);
      const profile = present((await call(brokerSeat, brokerEndpoints.profile))?.json, 'a profile');
      const iban = ibanFor(profile.phone);
      const saved = await call(brokerSeat, brokerEndpoints.setBankAccount, {
        body: {
          iban,
          password: BROKER_PASSWORD,
        },
      });
      expect(saved?.status).toBe(200);
      brokers.push({ seat: brokerSeat, id: profile.id, phone: profile.phone, iban });
    }

    const acked: Acknowledged = {
      referrals: new Map(),
      tried: new Set(),
      statuses: new Map(),
      clocked: new Set(),
      payouts: new Map(),
      approved: new Set(),
      sent: new Set(),
      paid: new Set(),
      failed: new Set(),
      cancelled: new Set(),
      rejected: new Set(),
      bankFiles: new Map(),
      confirmed: new Set(),
      payDueCreated: 0,
    };
    /** Answers no careful client would expect: a 5xx, or a refusal the action cannot have. */
    const surprises: string[] = [];
    let lostAnswers = 0;
    const expectAnswer = (what: string, answer: Answer | null, refusals: string[] = []) => {
      if (!answer) {
        lostAnswers++;
        return 'lost' as const;
      }
      if (answer.status >= 200 && answer.status < 300) return 'ok' as const;
      if (answer.status < 500 && refusals.includes(codeOf(answer))) return 'refused' as const;
      surprises.push(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
      return 'surprise' as const;
    };

    const live = { up: true, stopping: false };
    /** A step every `pauseMs` (jittered) while the server is up, until the workload stops. */
    const loop = async (name: string, pauseMs: number, step: () => Promise<void>) => {
      while (!live.stopping) {
        if (!live.up) {
          await sleep(50);
          continue;
        }
        try {
          await step();
        } catch (error) {
          surprises.push(`${name} threw: ${String(error)}`);
        }
        await sleep(pauseMs * (0.5 + Math.random()));
      }
    };

    // Referrals to sign or reject, in order; a change whose answer was lost is asked again, as an
    // admin would (the commission must still be made once).
    const toProcess: string[] = [];
    const targets = new Map<string, Target>();
    const toClock: string[] = [];
    const referralWorkers = brokers.map((broker, index) =>
      loop('referrals', 250, async () => {
        const tenantPhone = tenantPhoneFor();
        const rent = 20_000 + 1_000 * Math.floor(Math.random() * 60);
        acked.tried.add(tenantPhone);
        const answer = await call(broker.seat, referralEndpoints.create, {
          body: { tenantPhone, rent },
        });
        if (expectAnswer('POST /api/referrals', answer) !== 'ok' || !answer) return;
        const { id } = answer.json;
        acked.referrals.set(id, { broker: index, tenantPhone, rent });
        // Every fourth referral is rejected: none of those may have a commission.
        targets.set(id, acked.referrals.size % 4 === 0 ? REJECTED : SIGNED);
        toProcess.push(id);
      }),
    );
    const signer = loop('signings', 30, async () => {
      const referralId = toProcess.shift();
      if (!referralId) return;
      const status = targets.get(referralId) ?? SIGNED;
      const rent = acked.referrals.get(referralId)?.rent ?? null;
      // The lease at the declared rent, as the console records it (decision 069).
      const answer = await call(admin, adminReferralEndpoints.changeStatus, {
        params: { id: referralId },
        body: {
          status,
          ...(status === SIGNED && rent !== null ? aLease(rent) : {}),
        },
      });
      const outcome = expectAnswer(`PUT status ${status}`, answer);
      if (outcome === 'lost') {
        toProcess.push(referralId);
        return;
      }
      if (outcome !== 'ok') return;
      acked.statuses.set(referralId, status);
      // Four in five signed commissions are moved past their holding period; the rest wait.
      if (status === SIGNED && Math.random() < 0.8) toClock.push(referralId);
    });
    const clock = loop('dev clock', 80, async () => {
      const referralId = toClock.shift();
      if (!referralId) return;
      const answer = await call(admin, devEndpoints.clock, { body: { referralId, days: 10 } });
      const outcome = expectAnswer('POST /api/dev/clock', answer);
      if (outcome === 'lost') toClock.push(referralId);
      if (outcome === 'ok') acked.clocked.add(referralId);
    });
    const requesters = brokers.map((broker, index) =>
      loop('transfer requests', 700, async () => {
        const summary = await call(broker.seat, commissionEndpoints.summary);
        if (expectAnswer('GET summary', summary) !== 'ok' || !summary) return;
        const pending = toCents(summary.json.pending);
        if (pending < 10_000) return;
        // All of it, or part (a payout may settle a commission in part).
        const riyals =
          Math.random() < 0.5
            ? pending / 100
            : Math.max(50, Math.floor((Math.random() * pending) / 100));
        const answer = await call(broker.seat, commissionEndpoints.requestPayout, {
          body: {
            amount: Math.min(riyals, pending / 100),
            bankAccount: broker.iban,
          },
        });
        // A payout drafted or paid since the summary was read leaves less available.
        const outcome = expectAnswer('request-transfer', answer, ['AMOUNT_ABOVE_AVAILABLE']);
        if (outcome !== 'ok' || !answer) return;
        const created = answer.json;
        acked.payouts.set(created.id, { broker: index, amount: created.amount });
      }),
    );
    // Payouts move between the two admins: above the two-person amount, one approves and the
    // other sends and confirms (decision 047); below it either pays a draft at once.
    type Listed = ResponseOf<typeof adminPayoutEndpoints.list>['items'][number];
    const payouts = async (
      status: QueryOf<typeof adminPayoutEndpoints.list>['status'],
    ): Promise<Listed[]> => {
      const answer = await call(superAdmin, adminPayoutEndpoints.list, { query: { status } });
      if (expectAnswer(`GET ${status} payouts`, answer) !== 'ok' || !answer) return [];
      return answer.json.items;
    };
    const mark = async (by: Seat, ids: string[], status: 'approved' | 'sent' | 'paid') => {
      if (ids.length === 0) return;
      const answer = await call(by, adminPayoutEndpoints.mark, {
        body: {
          ids,
          status,
          ...(status === 'sent' ? { transferReference: `BANK-${Date.now()}` } : {}),
        },
      });
      if (expectAnswer(`mark ${status}`, answer) !== 'ok' || !answer) return;
      const refused = new Set(answer.json.refused.map((refusal) => refusal.id));
      const into = { approved: acked.approved, sent: acked.sent, paid: acked.paid }[status];
      for (const id of ids) if (!refused.has(id)) into.add(id);
    };
    const payer = loop('paying drafts', 400, async () => {
      const drafts = await payouts('draft');
      const toApprove: string[] = [];
      for (const draft of drafts.slice(0, 6)) {
        if (Math.random() < 0.5) {
          toApprove.push(draft.id);
          continue;
        }
        const answer = await call(superAdmin, adminPayoutEndpoints.pay, {
          params: { id: draft.id },
          body: {
            transferReference: `PAY-${Date.now()}`,
          },
        });
        // Large drafts need two people; one the other admin approved meanwhile is fine too, and
        // so is one rejected meanwhile.
        const outcome = expectAnswer('pay draft', answer, [
          'DUAL_CONTROL',
          'IBAN_CHANGE_HOLD',
          'PAYOUT_STATE',
          'REQUEST_CLOSED',
        ]);
        if (outcome === 'ok') acked.paid.add(draft.id);
        if (outcome === 'refused') toApprove.push(draft.id);
      }
      await mark(admin, toApprove, 'approved');
    });
    const payDue = loop('pay-due', 2_500, async () => {
      const answer = await call(admin, adminPayoutEndpoints.payDue);
      if (expectAnswer('pay-due', answer) === 'ok' && answer) {
        acked.payDueCreated += answer.json.created;
      }
    });
    /** A new bank file: what it lists is looked for in the rows afterwards. */
    const downloadBankFile = async () => {
      const file = await call(superAdmin, adminPayoutEndpoints.bankFile);
      if (expectAnswer('bank-file', file, ['NOTHING_TO_FILE']) === 'ok' && file) {
        const batch = file.headers.get('x-bank-batch') ?? '';
        const references = file.text
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',').at(-1)?.replaceAll('"', '') ?? '');
        acked.bankFiles.set(batch, references);
      }
    };
    const bank = loop('bank files', 1_000, async () => {
      await downloadBankFile();
      const filed = (await payouts('approved')).filter((p) => p.bankBatch !== null);
      await mark(
        superAdmin,
        filed.map((p) => p.id),
        'sent',
      );
      const sent = await payouts('sent');
      // The bank returns one in six: its money is payable again.
      const returned = sent.filter(() => Math.random() < 1 / 6);
      for (const payout of returned) {
        const answer = await call(superAdmin, adminPayoutEndpoints.fail, {
          params: { id: payout.id },
          body: {
            reason: 'الحساب مغلق',
          },
        });
        // Paid meanwhile by the drafts' loop (a sent payout may be confirmed whatever happened).
        if (expectAnswer('fail payout', answer, ['PAYOUT_STATE']) === 'ok') {
          acked.failed.add(payout.id);
        }
      }
      await mark(
        superAdmin,
        sent.filter((p) => !returned.includes(p)).map((p) => p.id),
        'paid',
      );
    });
    // Payouts taken back before any bank has them, at the moment a bank file is downloaded: an
    // approved one in no file cancelled, a draft rejected. Whichever comes first stands; a payout
    // the file took is refused (IN_BANK_FILE), never cancelled or rejected after it (checkRows).
    const takeBack = loop('cancel and reject', 900, async () => {
      const approved = (await payouts('approved')).filter((p) => p.bankBatch === null);
      const drafts = await payouts('draft');
      const cancelling = approved.find(() => Math.random() < 0.25);
      const rejecting = drafts.find(() => Math.random() < 0.1);
      if (!cancelling && !rejecting) return;
      const [cancelled, rejected] = await Promise.all([
        cancelling
          ? call(admin, adminPayoutEndpoints.cancel, {
              params: { id: cancelling.id },
              body: { reason: 'سُحبت قبل إرسالها إلى البنك' },
            })
          : null,
        rejecting
          ? call(admin, adminPayoutEndpoints.reject, {
              params: { id: rejecting.id },
              body: { reason: 'الطلب يحتاج إلى مراجعة' },
            })
          : null,
        // Half the time a bank file is downloaded at the same moment.
        Math.random() < 0.5 ? downloadBankFile() : null,
      ]);
      // Sent, paid or approved again since the list was read: refused, as for a colleague.
      if (
        cancelling &&
        expectAnswer('cancel payout', cancelled, ['IN_BANK_FILE', 'PAYOUT_STATE']) === 'ok'
      ) {
        acked.cancelled.add(cancelling.id);
      }
      if (
        rejecting &&
        expectAnswer('reject payout', rejected, ['IN_BANK_FILE', 'REQUEST_CLOSED']) === 'ok'
      ) {
        acked.rejected.add(rejecting.id);
      }
    });
    const payments = loop('confirm payments', 1_500, async () => {
      const list = await call(superAdmin, adminCommissionEndpoints.list, {
        query: { status: 'pending' },
      });
      if (expectAnswer('GET commissions', list) !== 'ok' || !list) return;
      const items = list.json.items;
      const ours = items.filter((c) => brokers.some((b) => b.phone === c.brokerPhone));
      const commission = ours[Math.floor(Math.random() * ours.length)];
      if (!commission) return;
      const answer = await call(superAdmin, adminCommissionEndpoints.confirmPayment, {
        params: { id: commission.id },
        body: { transferReference: `DIRECT-${Date.now()}` },
      });
      // Money an open request holds is paid through the request; a request may take it first.
      if (expectAnswer('confirm-payment', answer, ['HELD_BY_TRANSFER_REQUEST']) === 'ok') {
        acked.confirmed.add(commission.id);
      }
    });

    const workers = [
      ...referralWorkers,
      signer,
      clock,
      ...requesters,
      payer,
      payDue,
      bank,
      takeBack,
      payments,
    ];
    // The kills: each after a few seconds of work, at a moment chosen at random.
    const killedAtSeconds: number[] = [];
    const writesAtKill: number[] = [];
    let lastKill = Date.now();
    try {
      for (let k = 0; k < options.kills; k++) {
        await sleep(2_000 + Math.random() * 3_000);
        // Then the first moment with several writes under way (a second at most): the kill
        // lands inside transactions, not between them.
        const aimed = Date.now();
        while (writesInFlight < 3 && Date.now() - aimed < 1_000) await sleep(1);
        writesAtKill.push(writesInFlight);
        live.up = false;
        await kill9(server);
        lastKill = Date.now();
        killedAtSeconds.push(seconds());
        server = await startServer(env);
        for (const each of seats) each.client = each.client.rebase(server.base);
        live.up = true;
      }
      // Work on after the last restart.
      await sleep(5_000);
    } finally {
      // Whatever happened, the loops stop, and what they have in flight finishes first.
      live.stopping = true;
      await Promise.all(workers);
    }

    const db = new pg.Client({ connectionString: options.databaseUrl() });
    await db.connect();
    try {
      // The outbox drains: what a killed server had claimed is due again when its 60-second
      // lease ends, so the wait is bounded by the last kill.
      const drainStarted = Date.now();
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from outbound_messages where status in ('queued', 'sending')`,
        );
        if (rows[0]?.n === 0) break;
        if (Date.now() - lastKill > 80_000) {
          throw new Error(`the outbox still holds ${rows[0]?.n} messages 80 s after the last kill`);
        }
        await sleep(500);
      }
      const drainSeconds = Math.round((Date.now() - drainStarted) / 100) / 10;

      expect(surprises).toEqual([]);
      const rows = await readRows(db);
      const found = checkRows(rows, brokers, acked);
      await checkLedger(rows, brokers);
      const smsFigures = checkSends(rows, sms, options.kills);
      return {
        kills: options.kills,
        killedAtSeconds,
        writesAtKill,
        lostAnswers,
        acknowledged: {
          statusChanges: acked.statuses.size,
          clockMoves: acked.clocked.size,
          payouts: acked.payouts.size,
          approved: acked.approved.size,
          sent: acked.sent.size,
          paid: acked.paid.size,
          failed: acked.failed.size,
          cancelled: acked.cancelled.size,
          rejected: acked.rejected.size,
          payDueCreated: acked.payDueCreated,
        },
        referrals: {
          acknowledged: acked.referrals.size,
          presentUnacknowledged: found.presentUnacknowledged,
          signed: found.signed,
          rejected: found.rejected,
        },
        commissions: found.commissions,
        payouts: found.payouts,
        paymentsConfirmed: acked.confirmed.size,
        sms: smsFigures,
        drainSeconds,
        totalSeconds: seconds(),
      };
    } finally {
      await db.end();
    }
  } finally {
    await sms.close();
  }
}

/** The code the provider took for a phone (a server with a real provider never answers it). */
function codeFromProvider(sms: FakeUnifonic) {
  return async (phone: string) => (await sms.waitFor(phone, /\d{4}/))[0];
}

/** Tenant phones of this run: a random prefix, then a sequence, so no tenant is tried twice. */
const tenantPrefix = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
let tenantSeq = 0;
const tenantPhoneFor = () => `05${tenantPrefix}${String(tenantSeq++).padStart(5, '0')}`;

/** The product database on the embedded cluster running in `dataDir`. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const url = runningClusterUrl(dataDir);
  if (!url) throw new Error(`no embedded cluster runs in ${dataDir}`);
  return url;
}

type ReferralRow = {
  id: string;
  broker_id: string;
  tenant_phone: string;
  status: string;
  rent_amount: number | null;
  contract_rent: number | null;
};
type CommissionRow = {
  id: string;
  referral_id: string;
  broker_id: string;
  amount: string;
  paid_amount: string;
  recovered_amount: string;
  status: string;
  signal_hold: boolean;
  payable_now: boolean;
};
type PayoutRow = {
  id: string;
  broker_id: string;
  amount: string;
  status: string;
  source: string;
  bank_batch: string | null;
};
type AuditRow = { action: string; entity_id: string; before: unknown; after: unknown };
type OutboxRow = { id: string; channel: string; status: string };
type Rows = {
  referrals: ReferralRow[];
  commissions: CommissionRow[];
  payouts: PayoutRow[];
  /** The payments: payouts paid, and commissions paid one at a time. */
  audits: AuditRow[];
  outbox: OutboxRow[];
};

/** The rows the checks read, all of them, straight from the database (not through the API). */
async function readRows(db: pg.Client): Promise<Rows> {
  const read = async <T extends pg.QueryResultRow>(statement: string) =>
    (await db.query<T>(statement)).rows;
  return {
    referrals: await read<ReferralRow>(
      'select id, broker_id, tenant_phone, status, rent_amount, contract_rent from referrals',
    ),
    commissions: await read<CommissionRow>(
      `select id, referral_id, broker_id, amount::text, paid_amount::text,
         recovered_amount::text, status, signal_hold, payable_at <= now() as payable_now
       from commissions`,
    ),
    // The status by the name the checks use: a draft is stored as `open` (decision record 057).
    payouts: (
      await read<PayoutRow>(
        'select id, broker_id, amount::text, status, source, bank_batch from transfer_requests',
      )
    ).map((row) => ({ ...row, status: payoutStatusOfStored(row.status) })),
    audits: await read<AuditRow>(
      `select action, entity_id, before, after from audit_log
       where action in ('payout.pay', 'commission.confirm_payment')`,
    ),
    outbox: await read<OutboxRow>('select id::text, channel, status from outbound_messages'),
  };
}

const SIGNED_STATUSES = new Set(['contract_signed', 'commission_added']);

/** Every acknowledged write is in the rows, and every signed referral has one commission. */
function checkRows(rows: Rows, brokers: BrokerSeat[], acked: Acknowledged) {
  const ids = brokers.map((b) => b.id);
  const referrals = rows.referrals.filter((r) => ids.includes(r.broker_id));
  const { commissions, payouts } = rows;

  // Referrals: every acknowledged one, its broker's, once; no tenant twice (answered or not).
  const byId = new Map(referrals.map((r) => [r.id, r]));
  for (const [id, sent] of acked.referrals) {
    const row = byId.get(id);
    expect(row, `acknowledged referral ${id}`).toBeDefined();
    expect(row?.broker_id).toBe(brokers[sent.broker]?.id);
    expect(row?.tenant_phone).toBe(sent.tenantPhone);
  }
  const phones = referrals.map((r) => r.tenant_phone);
  expect(new Set(phones).size).toBe(phones.length);
  for (const phone of phones) expect(acked.tried.has(phone)).toBe(true);

  // Status changes: what was answered is what the row says (each referral has one target).
  for (const [id, status] of acked.statuses) {
    expect(byId.get(id)?.status, `referral ${id} answered ${status}`).toBe(status);
  }

  // Exactly one commission per signed referral, none for the others, each priced by its rent
  // under the default rule, and no commission of anyone else's.
  const commissionsOf = new Map<string, CommissionRow[]>();
  for (const c of commissions) {
    commissionsOf.set(c.referral_id, [...(commissionsOf.get(c.referral_id) ?? []), c]);
  }
  expect(commissions.every((c) => ids.includes(c.broker_id))).toBe(true);
  let signed = 0;
  let rejected = 0;
  for (const referral of referrals) {
    const own = commissionsOf.get(referral.id) ?? [];
    if (SIGNED_STATUSES.has(referral.status)) {
      signed++;
      expect(own, `commissions of signed referral ${referral.id}`).toHaveLength(1);
      expect(own[0]?.broker_id).toBe(referral.broker_id);
      expect(toCents(own[0]?.amount ?? '0')).toBe(
        Math.round(estimateCommission(referral.contract_rent ?? referral.rent_amount) * 100),
      );
    } else {
      if (referral.status === REJECTED) rejected++;
      expect(own, `commissions of unsigned referral ${referral.id}`).toHaveLength(0);
    }
  }

  // The dev clock answered: the commission is past its holding period and was released.
  for (const referralId of acked.clocked) {
    const [commission] = commissionsOf.get(referralId) ?? [];
    expect(commission?.payable_now).toBe(true);
    expect(commission?.status === 'on_hold' && !commission.signal_hold).toBe(false);
  }
  // Nothing released before its time.
  for (const c of commissions) {
    if (c.status !== 'on_hold' && c.status !== 'reversed') expect(c.payable_now).toBe(true);
  }

  // Payouts: each acknowledged request, and each acknowledged move, is in the row.
  const payoutById = new Map(payouts.map((p) => [p.id, p]));
  for (const [id, request] of acked.payouts) {
    const row = payoutById.get(id);
    expect(row, `acknowledged transfer request ${id}`).toBeDefined();
    expect(row?.broker_id).toBe(brokers[request.broker]?.id);
    expect(row?.amount).toBe(request.amount);
    expect(row?.source).toBe('request');
  }
  const statusOf = (id: string) => payoutById.get(id)?.status;
  for (const id of acked.approved) {
    expect(
      ['approved', 'sent', 'paid', 'failed', 'cancelled', 'rejected'],
      `approved ${id}`,
    ).toContain(statusOf(id));
  }
  for (const id of acked.cancelled) expect(statusOf(id), `cancelled ${id}`).toBe('cancelled');
  for (const id of acked.rejected) expect(statusOf(id), `rejected ${id}`).toBe('rejected');
  // No payout a bank file took was taken back afterwards: its money cannot be asked for twice.
  expect(
    payouts
      .filter((p) => p.bank_batch !== null && ['cancelled', 'rejected'].includes(p.status))
      .map((p) => `${p.id} ${p.status} in ${p.bank_batch}`),
  ).toEqual([]);
  for (const id of acked.sent) {
    expect(['sent', 'paid', 'failed'], `sent ${id}`).toContain(statusOf(id));
  }
  for (const id of acked.paid) expect(statusOf(id), `paid ${id}`).toBe('paid');
  for (const id of acked.failed) expect(statusOf(id), `failed ${id}`).toBe('failed');
  for (const [batch, references] of acked.bankFiles) {
    const filed = payouts.filter((p) => p.bank_batch === batch);
    expect(filed.map((p) => payoutReference(p.id)).sort(), `bank file ${batch}`).toEqual(
      [...references].sort(),
    );
  }
  expect(payouts.filter((p) => p.source === 'bulk').length).toBeGreaterThanOrEqual(
    acked.payDueCreated,
  );
  // A payment confirmed is paid in full.
  const commissionById = new Map(commissions.map((c) => [c.id, c]));
  for (const id of acked.confirmed) {
    const c = commissionById.get(id);
    expect(c?.status, `confirmed ${id}`).toBe('paid');
    expect(c?.paid_amount).toBe(c?.amount);
  }
  return {
    presentUnacknowledged: referrals.filter((r) => !acked.referrals.has(r.id)).length,
    signed,
    rejected,
    commissions: commissions.length,
    payouts: {
      total: payouts.length,
      paid: payouts.filter((p) => p.status === 'paid').length,
      failed: payouts.filter((p) => p.status === 'failed').length,
      cancelled: payouts.filter((p) => p.status === 'cancelled').length,
      rejected: payouts.filter((p) => p.status === 'rejected').length,
      bankFiles: acked.bankFiles.size,
    },
  };
}

/**
 * Each broker's money recounted from the rows, independently of the product's summary query,
 * against the broker's own summary, earnings, dashboard and payout list as the API answers them.
 */
async function checkLedger(rows: Rows, brokers: BrokerSeat[]) {
  const { commissions, payouts, audits } = rows;

  // Each payout paid once, each commission confirmed once: a second time would pay twice.
  const pays = audits.filter((a) => a.action === 'payout.pay');
  const confirmations = audits.filter((a) => a.action === 'commission.confirm_payment');
  expect(new Set(pays.map((a) => a.entity_id)).size).toBe(pays.length);
  expect(new Set(confirmations.map((a) => a.entity_id)).size).toBe(confirmations.length);
  const paidPayouts = payouts.filter((p) => p.status === 'paid');
  expect(pays.map((a) => a.entity_id).sort()).toEqual(paidPayouts.map((p) => p.id).sort());

  const cents = (list: { amount: string }[]) => list.reduce((s, r) => s + toCents(r.amount), 0);
  for (const broker of brokers) {
    const own = commissions.filter((c) => c.broker_id === broker.id);
    const ownPayouts = payouts.filter((p) => p.broker_id === broker.id);
    for (const c of own) {
      // Never paid beyond its amount; `paid` exactly when paid in full (nothing is reversed).
      expect(c.status).not.toBe('reversed');
      expect(toCents(c.paid_amount)).toBeLessThanOrEqual(toCents(c.amount));
      expect(c.status === 'paid').toBe(toCents(c.paid_amount) === toCents(c.amount));
      expect(toCents(c.recovered_amount)).toBe(0);
    }
    const earned = cents(own);
    const paid = own.reduce((s, c) => s + toCents(c.paid_amount), 0);
    const onHold = own
      .filter((c) => c.status === 'on_hold')
      .reduce((s, c) => s + toCents(c.amount) - toCents(c.paid_amount), 0);
    const unpaidPayable = own
      .filter((c) => c.status === 'pending' || c.status === 'requested')
      .reduce((s, c) => s + toCents(c.amount) - toCents(c.paid_amount), 0);
    const requested = cents(
      ownPayouts.filter((p) => ['draft', 'approved', 'sent'].includes(p.status)),
    );
    // Where the money paid came from: the paid payouts, and the payments confirmed one
    // commission at a time (what each settled beyond what was paid of it before).
    const settledByConfirmation = confirmations
      .filter((a) => own.some((c) => c.id === a.entity_id))
      .reduce((s, a) => {
        const before = (a.before as { paidAmount: string }).paidAmount;
        const after = (a.after as { paidAmount: string }).paidAmount;
        return s + toCents(after) - toCents(before);
      }, 0);
    // No payout paid more than the commissions it settled, and no commission was paid twice:
    // the money out equals the money recorded against the commissions, riyal for riyal.
    expect(
      cents(ownPayouts.filter((p) => p.status === 'paid')) + settledByConfirmation,
      `money paid to ${broker.phone}`,
    ).toBe(paid);
    // Open payouts never ask for more than is payable.
    expect(requested).toBeLessThanOrEqual(unpaidPayable);
    expect(earned).toBe(paid + onHold + unpaidPayable);
    const ledger = {
      total: earned,
      paid,
      pending: unpaidPayable - requested,
      requested,
      onHold,
      reversed: 0,
      toRecover: 0,
    };

    const summary = present(
      (await call(broker.seat, commissionEndpoints.summary))?.json,
      'a summary',
    );
    expect(
      Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, toCents(v)])),
      `summary of ${broker.phone}`,
    ).toEqual(ledger);
    const earnings = present(
      (await call(broker.seat, commissionEndpoints.earnings))?.json,
      'the earnings',
    );
    expect({
      paid: toCents(earnings.totals.paid),
      pending: toCents(earnings.totals.pending),
      held: toCents(earnings.totals.held),
      onHold: toCents(earnings.totals.onHold),
      unsettledPayouts: toCents(earnings.unsettledPayouts),
    }).toEqual({
      paid,
      pending: ledger.pending,
      held: requested,
      onHold,
      unsettledPayouts: requested,
    });
    const metrics = present((await call(broker.seat, referralEndpoints.metrics))?.json, 'metrics');
    expect(toCents(metrics.totalCommission)).toBe(earned);
    expect(metrics.totalReferrals).toBe(
      rows.referrals.filter((r) => r.broker_id === broker.id).length,
    );
    const listed = present((await call(broker.seat, commissionEndpoints.payouts))?.json, 'payouts');
    expect(
      listed.map((p) => `${p.id} ${p.amount} ${p.status}`).sort(),
      `payouts of ${broker.phone}`,
    ).toEqual(ownPayouts.map((p) => `${p.id} ${p.amount} ${p.status}`).sort());
  }
}

/**
 * Every message the outbox holds went out, and the provider was asked again only for messages
 * whose call a kill interrupted: at most one a kill (README, "Sent at most twice, and only one
 * message a crash").
 */
function checkSends({ outbox: rows }: Rows, sms: FakeUnifonic, kills: number) {
  expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
  const calls = new Map<string, number>();
  for (const request of sms.received) {
    // One-time codes go out in their request, not through the outbox: no correlation id.
    if (request.correlationId) {
      calls.set(request.correlationId, (calls.get(request.correlationId) ?? 0) + 1);
    }
  }
  const smsRows = rows.filter((r) => r.channel === 'sms');
  for (const row of smsRows) expect(calls.get(row.id) ?? 0, `SMS ${row.id}`).toBeGreaterThan(0);
  expect([...calls.keys()].every((id) => smsRows.some((r) => r.id === id))).toBe(true);
  const repeated = [...calls.values()].reduce((n, count) => n + count - 1, 0);
  expect(repeated, `messages sent again after ${kills} kills`).toBeLessThanOrEqual(kills);
  return {
    rows: smsRows.length,
    providerCalls: [...calls.values()].reduce((n, count) => n + count, 0),
    repeated,
  };
}
