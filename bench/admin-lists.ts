/**
 * `npm run bench`: the operations console at 200,000 referrals.
 *
 * Creates a throw-away PostgreSQL database (BENCH_DATABASE_URL, default the local server),
 * fills it with 10,000 brokers, 200,000 referrals and their commissions, tenant forms and
 * fraud signals (one referral in ten), starts the real server on a free port and times every
 * admin list, search, filter, summary and export over HTTP. Prints p50 / p95 per call against its target and exits
 * non-zero when a target is missed. The database is dropped afterwards, unless BENCH_KEEP=1
 * (then its name is printed, for EXPLAIN ANALYZE by hand).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { ensureBootstrapSuperAdmin } from '../src/server/db/bootstrap.js';
import { openDatabase } from '../src/server/db/client.js';
import { onServer, serverUrl } from './postgres.js';

const BROKERS = 10_000;
const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LIST_TARGET_MS = 150;
// The export streams every row through ExcelJS, which alone takes ~10 s for 200,000 rows here.
const EXPORT_TARGET_MS = 30_000;
const ADMIN = { phone: '0559999999', password: 'bench-password' };

const SEED = `
insert into brokers (phone, password_hash, broker_code, full_name, city, is_active,
                     activation_requested_at, first_time_otp_verified, created_at)
select '05' || lpad((10000000 + g)::text, 8, '0'), 'not-a-hash', 'SH-B' || lpad(g::text, 5, '0'),
       (array['محمد','عبدالله','فهد','سعود','خالد','نورة','سارة','ريم'])[1 + g % 8] || ' ' ||
       (array['العتيبي','القحطاني','الشمري','الدوسري','الحربي','الغامدي','الزهراني','المطيري'])[1 + (g / 8) % 8],
       (array['riyadh','jeddah','dammam','makkah','medina'])[1 + g % 5],
       g % 10 <> 0,
       case when g % 10 = 0 and g % 20 = 0 then now() - interval '1 day' end,
       true,
       now() - (g || ' minutes')::interval
from generate_series(1, ${BROKERS}) g;

with b as (select array_agg(id order by broker_code) as ids from brokers where broker_code like 'SH-B%')
insert into referrals (broker_id, tenant_phone, status, rent_amount, city, form_token, submitted_at)
select b.ids[1 + g % ${BROKERS}],
       '05' || lpad((20000000 + g)::text, 8, '0'),
       (array['pending_completion','under_review','accepted_awaiting_owner_contract',
              'preparing_tenant_contract','contract_signed','commission_added','rejected',
              'cancelled'])[1 + g % 8],
       case when g % 3 = 0 then null else 30000 + (g % 50) * 1000 end,
       case when g % 4 = 0 then null else (array['riyadh','jeddah','dammam'])[1 + g % 3] end,
       'bench-' || g,
       now() - ((g % 730) || ' days')::interval - ((g % 1440) || ' minutes')::interval
from generate_series(1, ${REFERRALS}) g, b;

insert into commissions (broker_id, referral_id, amount, status, paid_amount, paid_at, created_at)
select broker_id, id, greatest(500, coalesce(rent_amount, 0) * 0.01),
       case when number % 3 = 0 then 'paid' else 'pending' end,
       case when number % 3 = 0 then greatest(500, coalesce(rent_amount, 0) * 0.01) else 0 end,
       case when number % 3 = 0 then submitted_at + interval '20 days' end,
       submitted_at + interval '10 days'
from referrals where status in ('contract_signed', 'commission_added');

insert into tenant_forms (referral_id, tenant_phone, name, income, monthly_obligations, submitted_at)
select id, tenant_phone, 'مستأجر', 12000, 2000, submitted_at + interval '1 day'
from referrals where status <> 'pending_completion' and number % 2 = 0;

-- One referral in ten has a fraud signal (20,000 of 200,000), a third of them open, one in twenty
-- on the broker's whole account: every referral list looks its page's open signals up.
insert into fraud_signals (kind, dedupe_key, broker_id, referral_id, scope, reason, status,
                           created_at)
select case when number % 200 = 3 then 'shared_iban' else 'own_phone' end,
       'bench-signal-' || number, broker_id,
       case when number % 200 = 3 then null else id end,
       case when number % 200 = 3 then 'broker' else 'referral' end,
       'إشارة للقياس',
       case when number % 30 < 10 then 'open' else 'resolved' end,
       submitted_at
from referrals where number % 10 = 3;

analyze;
`;

type Case = { name: string; path: string; target: number; runs?: number };

const CASES: Case[] = [
  { name: 'ملخص لوحة الإدارة', path: '/api/admin/summary', target: LIST_TARGET_MS },
  { name: 'لوحة العمليات', path: '/api/admin/operations', target: LIST_TARGET_MS },
  { name: 'الإحالات: الصفحة الأولى', path: '/api/admin/referrals', target: LIST_TARGET_MS },
  { name: 'الإحالات: الصفحة ١٠٠', path: '/api/admin/referrals?page=100', target: LIST_TARGET_MS },
  {
    name: 'الإحالات: حالة',
    path: '/api/admin/referrals?status=contract_signed',
    target: LIST_TARGET_MS,
  },
  {
    name: 'الإحالات: جزء من جوال المستأجر',
    path: '/api/admin/referrals?search=2012345',
    target: LIST_TARGET_MS,
  },
  {
    name: 'الإحالات: اسم الوسيط',
    path: `/api/admin/referrals?search=${encodeURIComponent('فهد الشمري')}`,
    target: LIST_TARGET_MS,
  },
  {
    name: 'الإحالات: رمز الوسيط',
    path: '/api/admin/referrals?search=SH-B04321',
    target: LIST_TARGET_MS,
  },
  {
    name: 'الإحالات: رقم الإحالة',
    path: '/api/admin/referrals?search=%23150000',
    target: LIST_TARGET_MS,
  },
  { name: 'الوسطاء: الصفحة الأولى', path: '/api/admin/brokers', target: LIST_TARGET_MS },
  {
    name: 'الوسطاء: بحث بالاسم',
    path: `/api/admin/brokers?search=${encodeURIComponent('نورة')}`,
    target: LIST_TARGET_MS,
  },
  {
    name: 'الوسطاء: بانتظار التفعيل',
    path: '/api/admin/brokers?filter=pending',
    target: LIST_TARGET_MS,
  },
  { name: 'العمولات: الصفحة الأولى', path: '/api/admin/commissions', target: LIST_TARGET_MS },
  {
    name: 'العمولات: معلقة وبحث بالجوال',
    path: '/api/admin/commissions?status=pending&search=0510001',
    target: LIST_TARGET_MS,
  },
  { name: 'التحليلات: ١٢ أسبوعاً', path: '/api/admin/analytics', target: 500, runs: 5 },
  {
    name: 'التحليلات: سنتان',
    path: '/api/admin/analytics?from=2025-01-01&to=2026-11-22',
    target: 2_000,
    runs: 3,
  },
  {
    name: 'تصدير كل الإحالات',
    path: '/api/admin/export/referrals',
    target: EXPORT_TARGET_MS,
    runs: 1,
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await database.migrate();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let started = performance.now();
    await client.query(SEED);
    const counts = await client.query<{ referrals: number; commissions: number; signals: number }>(
      `select (select count(*) from referrals)::int as referrals,
              (select count(*) from commissions)::int as commissions,
              (select count(*) from fraud_signals)::int as signals`,
    );
    await client.end();
    console.log(
      `seeded ${BROKERS} brokers, ${counts.rows[0]?.referrals} referrals, ${counts.rows[0]?.commissions} commissions, ${counts.rows[0]?.signals} signals in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url.toString(),
      BOOTSTRAP_SUPERADMIN_PHONE: ADMIN.phone,
      BOOTSTRAP_SUPERADMIN_PASSWORD: ADMIN.password,
    });
    await ensureBootstrapSuperAdmin(database.db, ADMIN);
    const app = await buildApp({ config, database, webRoot: null });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (!login.ok || !cookie) throw new Error(`admin login failed: ${login.status}`);

    const results: { name: string; p50: number; p95: number; target: number; detail: string }[] =
      [];
    for (const c of CASES) {
      const times: number[] = [];
      let detail = '';
      const runs = c.runs ?? RUNS;
      let peakRss = 0;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 20);
      for (let i = 0; i < runs + 1; i++) {
        started = performance.now();
        const response = await fetch(`${base}${c.path}`, { headers: { cookie } });
        const body = Buffer.from(await response.arrayBuffer());
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`${c.path}: ${response.status} ${body}`);
        if (i === 0 && runs > 1) continue; // warm-up
        times.push(elapsed);
        if (response.headers.get('content-type')?.startsWith('application/json')) {
          const json = JSON.parse(body.toString()) as { total?: number };
          detail = json.total === undefined ? '' : `${json.total} matching`;
        } else {
          detail = `${(body.length / 1024 / 1024).toFixed(1)} MB file, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`;
        }
      }
      clearInterval(sampler);
      times.sort((a, b) => a - b);
      results.push({
        name: c.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        target: c.target,
        detail,
      });
    }
    await app.close();

    console.log(
      `\n${REFERRALS.toLocaleString('en')} referrals, ${RUNS} runs per call (HTTP, PostgreSQL)\n`,
    );
    console.log(
      'call'.padEnd(36),
      'p50 ms'.padStart(9),
      'p95 ms'.padStart(9),
      'target'.padStart(8),
      '  result',
    );
    let failed = 0;
    for (const r of results) {
      const ok = r.p95 <= r.target;
      if (!ok) failed++;
      console.log(
        r.name.padEnd(36),
        r.p50.toFixed(1).padStart(9),
        r.p95.toFixed(1).padStart(9),
        String(r.target).padStart(8),
        ok ? '  ok' : '  SLOW',
        r.detail ? ` (${r.detail})` : '',
      );
    }
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await onServer(`drop database if exists ${name} with (force)`);
  }
}

await main();
