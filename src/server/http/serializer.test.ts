import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commissionEndpoints } from '#contract/commissions';
import { referralEndpoints } from '#contract/referrals';
import { buildApp } from '../app.js';
import { listCommissions } from '../commissions/service.js';
import { loadConfig } from '../config.js';
import { commissions, referrals } from '../db/schema.js';
import { commissionSummary } from '../ledger/balances.js';
import { brokerMetrics, listBrokerReferrals } from '../referrals/service.js';
import { client } from '../test-support/client.js';
import { contractEndpoints } from '../test-support/contract.js';
import { callOf } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aReferral, aSignedContract } from '../test-support/factories.js';
import { LogLines } from '../test-support/log-lines.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { PRODUCTION_ENV, type TestApp, type TestBroker } from '../test-support/test-app.js';
import { compileSerializer, notCompilable } from './serializer.js';

/** What zod's serializer sends: JSON.stringify of the schema's parse of the answer. */
const byZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

describe('the compiled serializer writes what zod + JSON.stringify write', () => {
  const cases: [string, z.ZodType, unknown][] = [
    [
      'keys in the schema order, unknown keys dropped, escapes as JSON.stringify',
      z.object({ b: z.string(), a: z.number(), n: z.string().nullable() }),
      { extra: 1, a: 1.5, n: null, b: 'سطر "أول"\n\u2028\ud800\u0007' },
    ],
    [
      'an optional key before a required one keeps its place',
      z.object({ a: z.string().optional(), b: z.number().int(), c: z.boolean().optional() }),
      { c: false, b: 2, a: 'x' },
    ],
    [
      'absent and undefined optional keys are left out',
      z.object({ a: z.string().optional(), b: z.number().int(), c: z.boolean().optional() }),
      { b: 2, c: undefined },
    ],
    [
      'nullable objects and arrays, enums and literals',
      z.object({
        o: z.object({ s: z.enum(['x', 'y']) }).nullable(),
        p: z.object({ s: z.enum(['x', 'y']) }).nullable(),
        l: z.array(z.object({ ok: z.literal(true), v: z.number().nullable() })).nullable(),
        m: z.array(z.string()).nullable(),
      }),
      {
        o: { s: 'y', t: 1 },
        p: null,
        l: [
          { ok: true, v: null },
          { ok: true, v: -0 },
        ],
        m: null,
      },
    ],
    [
      'any JSON under an unknown field',
      z.object({ before: z.unknown(), after: z.unknown() }),
      { before: { amount: '1.00', list: [1, null, 'x'] }, after: null },
    ],
  ];
  it.each(cases)('%s', (_name, schema, data) => {
    expect(notCompilable(schema)).toBeNull();
    expect(compileSerializer(schema)(data)).toBe(byZod(schema, data));
  });

  const endpoints = contractEndpoints;

  it('compiles every JSON answer of the contract, or says why zod keeps it', () => {
    const kept: string[] = [];
    for (const endpoint of endpoints) {
      if (!endpoint.response) continue;
      const reason = notCompilable(endpoint.response);
      if (reason) kept.push(`${endpoint.method} ${endpoint.path}: ${reason}`);
      // Built on a route's first answer in production: a schema that failed would fail there.
      else expect(() => compileSerializer(endpoint.response as z.ZodType)).not.toThrow();
    }
    expect(endpoints.length).toBeGreaterThan(80);
    expect(kept).toEqual([
      'GET /api/superadmin/holidays: a value-rewriting check',
      'POST /api/superadmin/holidays: a value-rewriting check',
    ]);
  });

  it.each([
    ['a transform', z.object({ a: z.string().transform((s) => s.length) }), 'pipe'],
    ['a date', z.object({ at: z.date() }), 'date'],
    ['a default', z.object({ a: z.string().default('x') }), 'default'],
    ['a trim', z.object({ a: z.string().trim() }), 'value-rewriting'],
    ['a union', z.object({ a: z.union([z.string(), z.number()]) }), 'union'],
    ['a record', z.record(z.string(), z.number()), 'record'],
    ['a loose object', z.looseObject({ a: z.string() }), 'catchall'],
  ] as const)('leaves a schema with %s to zod', (_name, schema, reason) => {
    expect(notCompilable(schema)).toContain(reason);
  });
});

/** The broker's four polled reads (bench/broker-reads.ts), their schemas and services. */
const READS = [
  {
    call: callOf(referralEndpoints.list, { query: { page: 1 } }),
    schema: referralEndpoints.list.response,
    answer: (t: TestApp, id: string) =>
      listBrokerReferrals(t.database.db, id, { page: 1, pageSize: 20 }),
  },
  {
    call: callOf(referralEndpoints.metrics),
    schema: referralEndpoints.metrics.response,
    answer: (t: TestApp, id: string) => brokerMetrics(t.database.db, id),
  },
  {
    call: callOf(commissionEndpoints.summary),
    schema: commissionEndpoints.summary.response,
    answer: (t: TestApp, id: string) => commissionSummary(t.database.db, id),
  },
  {
    call: callOf(commissionEndpoints.list, { query: { page: 1 } }),
    schema: commissionEndpoints.list.response,
    answer: (t: TestApp, id: string) =>
      listCommissions(t.database.db, id, { page: 1, pageSize: 20 }),
  },
] as const;

describe("the broker's four reads, compiled in production, zod-checked in the tests", () => {
  let broker: TestBroker;
  let production: FastifyInstance;
  const productionLogs = new LogLines();

  const t = sharedTestApp();
  beforeAll(async () => {
    const admin = await anAdmin(t);
    broker = await aBroker(t);
    const db = t.database.db;
    // Every shape a row can take: no rent and no city, a potential commission, a pending,
    // a paid and a reversed one, text that JSON must escape.
    const plain = await aReferral(t, broker, { rent: null });
    await db
      .update(referrals)
      .set({ notes: 'ملاحظة "مقتبسة"\nسطر ثانٍ \\ ثم \u2028', district: null, city: null })
      .where(eq(referrals.id, plain.id));
    const potential = await aReferral(t, broker, { rent: 123_457 });
    await db
      .update(referrals)
      .set({ status: 'accepted_awaiting_owner_contract' })
      .where(eq(referrals.id, potential.id));
    await aSignedContract(t, admin, { broker });
    const paid = await aSignedContract(t, admin, { broker, status: 'commission_added' });
    await db
      .update(commissions)
      .set({ status: 'paid', paidAmount: sql`amount`, paidAt: sql`now()` })
      .where(eq(commissions.referralId, paid.referral.id));
    const reversed = await aSignedContract(t, admin, { broker, rent: 250_000 });
    await db
      .update(commissions)
      .set({ status: 'reversed', reversalReason: 'عقد «ملغى»', reversedAt: sql`now()` })
      .where(eq(commissions.referralId, reversed.referral.id));

    // The same product in production, on the same database: compiled serializers.
    production = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        ...PRODUCTION_ENV,
        DATABASE_URL: t.database.url,
        LOG_LEVEL: 'info',
      }),
      database: t.database,
      webRoot: null,
      sms: t.sms,
      logStream: productionLogs,
    });
    await production.ready();
  });
  afterAll(async () => {
    await production?.close();
  });

  it.each(READS)(
    '$call.endpoint.path: the same bytes from the compiled serializer and zod',
    async (read) => {
      const answer = await read.answer(t, broker.id);
      const compiled = compileSerializer(read.schema)(answer);
      expect(compiled).toBe(byZod(read.schema, answer));

      // Served: the tests' app checks with zod, production compiles; both send these bytes.
      const tested = await client(t).as(broker).send(read.call);
      expect(tested.statusCode).toBe(200);
      expect(tested.body).toBe(compiled);
      const served = await client({ app: production })
        .as({ cookie: broker.cookie.replace(/^sid=/, '__Host-sid=') })
        .send(read.call);
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(compiled);
    },
  );

  it('covers every shape of row the reads can send', async () => {
    const [list, money] = await Promise.all([
      listBrokerReferrals(t.database.db, broker.id, { page: 1, pageSize: 20 }),
      listCommissions(t.database.db, broker.id, { page: 1, pageSize: 20 }),
    ]);
    expect(list.items.some((r) => r.potentialCommission !== null)).toBe(true);
    expect(list.items.some((r) => r.commission === null && r.rentAmount === null)).toBe(true);
    expect(new Set(money.items.map((c) => c.status))).toEqual(
      new Set(['potential', 'pending', 'paid', 'reversed']),
    );
  });

  it('names, once at start-up, the routes zod still serialises in production', () => {
    const reports = productionLogs.lines.filter((line) => line.msg === 'response serializers');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.zodRoutes).toEqual([
      { route: 'GET /api/superadmin/holidays', reason: 'a value-rewriting check' },
      { route: 'POST /api/superadmin/holidays', reason: 'a value-rewriting check' },
    ]);
    expect(reports[0]?.compiled).toEqual(expect.any(Number));
  });
});
