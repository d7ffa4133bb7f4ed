/**
 * The yardstick of the broker-reads benchmark (bench/broker-reads.ts): a bare `node:http` +
 * `pg` server answering the broker's four polled reads with the same JSON as the product,
 * byte for byte, and nothing else: no framework, no validation, no ORM, no logging.
 *
 * Every statement is a named (prepared) statement, so PostgreSQL plans it once per connection.
 * What it sends, per request:
 * - the session, as src/server/auth/sessions.ts finds it (SHA-256 of the cookie token, the same
 *   expiry, deletion and idle/staff rules), selecting only the broker's id and the last use,
 *   and recording use at most once an hour as the product does;
 * - GET /api/referrals?page=N: the page (referrals left-joined to commissions, newest
 *   submission first), its count and the commission rule, side by side;
 * - GET /api/dashboard/metrics: the referral counts and the commission total, one statement;
 * - GET /api/commissions/summary: earned, paid, on hold, reversed, still to recover and the
 *   open requests, one statement;
 * - GET /api/commissions?page=N: the page (commissions, then the potential ones of accepted
 *   referrals, in one statement), its count and the commission rule, side by side.
 * The commission rule is read from system_config once, at the first call that uses it, as the
 * product keeps it between changes (nothing changes it during the benchmark).
 *
 * Environment: DATABASE_URL, PORT, HOST (127.0.0.1), SESSION_COOKIE (the product's cookie
 * name: `__Host-sid` in production, `sid` otherwise), POOL_SIZE (10, the product's pool).
 */
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import {
  DEFAULT_COMMISSION_RULE,
  estimateCommission,
  toCents,
  toMoneyString,
} from '../src/domain/index.js';

const HOUR_MS = 60 * 60 * 1000;
const cookieName = process.env.SESSION_COOKIE ?? 'sid';
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});

const SESSION = {
  name: 'bare_session',
  text: `select b.id, s.last_seen_at
    from sessions s join brokers b on b.id = s.broker_id
    where s.id = $1 and s.expires_at > now() and b.deleted_at is null
      and ((b.is_admin = false and b.is_super_admin = false
            and s.last_seen_at > now() - interval '7 days')
        or ((b.is_admin or b.is_super_admin) and s.created_at > now() - interval '12 hours'))
    limit 1`,
};
const TOUCH = {
  name: 'bare_touch',
  text: `update sessions set last_seen_at = now()
    where id = $1 and last_seen_at < now() - interval '1 hour'`,
};
const RULE = {
  name: 'bare_rule',
  text: `select key, value from system_config
    where key in ('commission_minimum', 'commission_rate')`,
};
const REFERRAL_PAGE = {
  name: 'bare_referral_page',
  text: `select r.id, r.number, r.tenant_phone, r.property_type, r.city, r.district, r.notes,
      r.rent_amount, r.status, r.contract_id, r.source, r.submitted_at, r.created_at,
      r.updated_at, c.amount, c.status as commission_status
    from referrals r left join commissions c on c.referral_id = r.id
    where r.broker_id = $1
    order by r.submitted_at desc, r.number desc
    limit $2 offset $3`,
};
const REFERRAL_COUNT = {
  name: 'bare_referral_count',
  text: 'select count(*)::int as total from referrals where broker_id = $1',
};
const METRICS = {
  name: 'bare_metrics',
  text: `select count(*)::int as total,
      count(*) filter (where status in ('pending_completion', 'under_review',
        'accepted_awaiting_owner_contract', 'preparing_tenant_contract'))::int as active,
      count(*) filter (where status in ('contract_signed', 'commission_added'))::int as completed,
      (select coalesce(sum(amount), 0)::numeric(12,2)::text from commissions
        where broker_id = $1 and status <> 'reversed') as commission
    from referrals where broker_id = $1`,
};
const SUMMARY = {
  name: 'bare_summary',
  text: `select coalesce(sum(amount) filter (where status <> 'reversed'), 0) as total,
      coalesce(sum(paid_amount - recovered_amount), 0) as paid,
      coalesce(sum(amount - paid_amount) filter (where status = 'on_hold'), 0) as on_hold,
      coalesce(sum(amount) filter (where status = 'reversed'), 0) as reversed,
      coalesce(sum(paid_amount - recovered_amount) filter (where status = 'reversed'), 0)
        as to_recover,
      (select coalesce(sum(amount), 0) from transfer_requests
        where broker_id = $1 and status in ('open','approved','sent')) as requested
    from commissions where broker_id = $1`,
};
const COMMISSION_PAGE = {
  name: 'bare_commission_page',
  text: `select 0 as kind, c.id::text as id, c.referral_id, r.tenant_phone, c.amount,
      c.paid_amount, c.status, c.contract_number, c.paid_at, c.payable_at, c.reversal_reason,
      c.created_at as at, null::integer as rent
    from commissions c join referrals r on r.id = c.referral_id
    where c.broker_id = $1
    union all
    select 1, 'potential-' || r.id, r.id, r.tenant_phone, null::numeric, '0.00'::numeric,
      'potential', null::text, null::timestamptz, null::timestamptz, null::text,
      r.submitted_at, r.rent_amount
    from referrals r left join commissions c on c.referral_id = r.id
    where r.broker_id = $1
      and r.status in ('accepted_awaiting_owner_contract', 'preparing_tenant_contract')
      and c.id is null
    order by kind, at desc, id desc
    limit $2 offset $3`,
};
const COMMISSION_COUNT = {
  name: 'bare_commission_count',
  text: `select (select count(*) from commissions where broker_id = $1)::int + count(*)::int as total
    from referrals r left join commissions c on c.referral_id = r.id
    where r.broker_id = $1
      and r.status in ('accepted_awaiting_owner_contract', 'preparing_tenant_contract')
      and c.id is null`,
};
const POTENTIAL_STATUSES = ['accepted_awaiting_owner_contract', 'preparing_tenant_contract'];

type Rule = { minimum: number; rate: number };

let keptRule: Promise<Rule> | null = null;
const commissionRule = (): Promise<Rule> => {
  keptRule ??= readCommissionRule();
  return keptRule;
};

async function readCommissionRule(): Promise<Rule> {
  const { rows } = await pool.query<{ key: string; value: string }>(RULE);
  const stored = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  const number = (value: string | null, fallback: number, floor: number) =>
    value !== null && Number.isFinite(Number(value)) && Number(value) >= floor
      ? Number(value)
      : fallback;
  return {
    minimum: number(stored('commission_minimum'), DEFAULT_COMMISSION_RULE.minimum, 1),
    rate: number(stored('commission_rate'), DEFAULT_COMMISSION_RULE.rate, 0),
  };
}

function sessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === cookieName) {
      return decodeURIComponent(part.slice(at + 1).trim());
    }
  }
  return null;
}

async function sessionBroker(token: string): Promise<string | null> {
  const id = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query<{ id: string; last_seen_at: Date }>({
    ...SESSION,
    values: [id],
  });
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > HOUR_MS) {
    await pool.query({ ...TOUCH, values: [id] });
  }
  return row.id;
}

type ReferralRow = {
  id: string;
  number: number;
  tenant_phone: string;
  property_type: string | null;
  city: string | null;
  district: string | null;
  notes: string | null;
  rent_amount: number | null;
  status: string;
  contract_id: string | null;
  source: string;
  submitted_at: Date;
  created_at: Date;
  updated_at: Date;
  amount: string | null;
  commission_status: string | null;
};

async function referralsPage(brokerId: string, page: number) {
  const pageSize = 20;
  const [rows, count, rule] = await Promise.all([
    pool.query<ReferralRow>({
      ...REFERRAL_PAGE,
      values: [brokerId, pageSize, (page - 1) * pageSize],
    }),
    pool.query<{ total: number }>({ ...REFERRAL_COUNT, values: [brokerId] }),
    commissionRule(),
  ]);
  return {
    items: rows.rows.map((r) => {
      const commission =
        r.amount && r.commission_status ? { amount: r.amount, status: r.commission_status } : null;
      return {
        id: r.id,
        number: r.number,
        tenantPhone: r.tenant_phone,
        propertyType: r.property_type,
        city: r.city,
        district: r.district,
        notes: r.notes,
        rentAmount: r.rent_amount,
        status: r.status,
        contractId: r.contract_id,
        source: r.source,
        submittedAt: r.submitted_at.toISOString(),
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        commission,
        potentialCommission:
          !commission && POTENTIAL_STATUSES.includes(r.status)
            ? toMoneyString(estimateCommission(r.rent_amount, rule))
            : null,
      };
    }),
    total: count.rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

async function metrics(brokerId: string) {
  const { rows } = await pool.query<{
    total: number;
    active: number;
    completed: number;
    commission: string;
  }>({ ...METRICS, values: [brokerId] });
  const row = rows[0];
  const total = row?.total ?? 0;
  const completed = row?.completed ?? 0;
  const commission = row?.commission ?? '0.00';
  return {
    activeReferrals: row?.active ?? 0,
    totalCommission: commission,
    completedContracts: completed,
    successRate: total === 0 ? 0 : Math.round((completed * 100) / total),
    totalReferrals: total,
    totalCommissions: commission,
  };
}

async function summary(brokerId: string) {
  const { rows } = await pool.query<{
    total: string;
    paid: string;
    on_hold: string;
    reversed: string;
    to_recover: string;
    requested: string;
  }>({ ...SUMMARY, values: [brokerId] });
  const row = rows[0];
  const total = toCents(row?.total ?? 0);
  const paid = toCents(row?.paid ?? 0);
  const requested = toCents(row?.requested ?? 0);
  const onHold = toCents(row?.on_hold ?? 0);
  const money = (c: number) => toMoneyString(c / 100);
  return {
    total: money(total),
    paid: money(paid),
    pending: money(total - paid - requested - onHold),
    requested: money(requested),
    onHold: money(onHold),
    reversed: money(toCents(row?.reversed ?? 0)),
    toRecover: money(toCents(row?.to_recover ?? 0)),
  };
}

async function commissionList(brokerId: string, page: number) {
  const pageSize = 20;
  const [rows, count, rule] = await Promise.all([
    pool.query<{
      id: string;
      referral_id: string;
      tenant_phone: string;
      amount: string | null;
      paid_amount: string;
      status: string;
      contract_number: string | null;
      paid_at: Date | null;
      payable_at: Date | null;
      reversal_reason: string | null;
      at: Date;
      rent: number | null;
    }>({ ...COMMISSION_PAGE, values: [brokerId, pageSize, (page - 1) * pageSize] }),
    pool.query<{ total: number }>({ ...COMMISSION_COUNT, values: [brokerId] }),
    commissionRule(),
  ]);
  return {
    items: rows.rows.map((c) => ({
      id: c.id,
      referralId: c.referral_id,
      tenantPhone: c.tenant_phone,
      amount: c.amount ?? toMoneyString(estimateCommission(c.rent, rule)),
      paidAmount: c.paid_amount,
      status: c.status,
      contractNumber: c.contract_number,
      paidAt: c.paid_at?.toISOString() ?? null,
      payableAt: c.payable_at?.toISOString() ?? null,
      reversalReason: c.reversal_reason,
      createdAt: c.at.toISOString(),
    })),
    total: count.rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://bare');
  const answer = async (): Promise<[number, unknown]> => {
    if (url.pathname === '/readyz') return [200, { status: 'ready' }];
    const token = sessionToken(request.headers.cookie);
    const brokerId = token ? await sessionBroker(token) : null;
    if (!brokerId) return [401, { message: 'يرجى تسجيل الدخول', code: 'NOT_SIGNED_IN' }];
    switch (url.pathname) {
      case '/api/referrals':
        return [200, await referralsPage(brokerId, Number(url.searchParams.get('page') ?? 1))];
      case '/api/dashboard/metrics':
        return [200, await metrics(brokerId)];
      case '/api/commissions/summary':
        return [200, await summary(brokerId)];
      case '/api/commissions':
        return [200, await commissionList(brokerId, Number(url.searchParams.get('page') ?? 1))];
      default:
        return [404, { message: 'غير موجود', code: 'NOT_FOUND' }];
    }
  };
  answer().then(
    ([status, body]) => send(response, status, body),
    (error: unknown) => {
      console.error(error);
      send(response, 500, { message: 'خطأ', code: 'INTERNAL' });
    },
  );
});

server.listen(Number(process.env.PORT ?? 5102), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`bare server on ${process.env.PORT ?? 5102}`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
  process.exit(0);
});
