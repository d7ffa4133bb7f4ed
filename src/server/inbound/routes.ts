import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboundEndpoints } from '#contract/inbound';
import type { ReferralStatus } from '#domain';
import { audit, auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { brokers, commissions, payouts, referrals } from '../db/schema.js';
import { notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { ADMIN_PAGE_SIZE, pageOffset } from '../http/toolkit.js';
import { isUuid } from '../ids.js';
import { currentApiKey } from '../plugins/session.js';
import { findTenantForm } from '../referrals/service.js';
import { changeReferralStatus } from '../referrals/status-change.js';
import {
  auditTenantFormView,
  submittedFigures,
  TENANT_FORM_FIELDS_SHOWN,
} from '../tenant-forms/service.js';
import { englishMessage } from './english.js';
import { once } from './idempotency.js';

const money = (value: string | number | null) => (value === null ? null : Number(value).toFixed(2));

const referralColumns = {
  id: referrals.id,
  brokerCode: brokers.brokerCode,
  status: referrals.status,
  rentAmount: referrals.rentAmount,
  contractId: referrals.contractId,
  contractRent: referrals.contractRent,
  contractStartsOn: referrals.contractStartsOn,
  contractEndsOn: referrals.contractEndsOn,
  submittedAt: referrals.submittedAt,
  updatedAt: referrals.updatedAt,
};

type ReferralRow = {
  id: string;
  brokerCode: string;
  status: ReferralStatus;
  rentAmount: number | null;
  contractId: string | null;
  contractRent: number | null;
  contractStartsOn: string | null;
  contractEndsOn: string | null;
  submittedAt: Date;
  updatedAt: Date;
};

const toReferral = (row: ReferralRow) => ({
  id: row.id,
  brokerCode: row.brokerCode,
  status: row.status,
  declaredRent: money(row.rentAmount),
  contractId: row.contractId,
  contractRent: money(row.contractRent),
  contractStartsOn: row.contractStartsOn,
  contractEndsOn: row.contractEndsOn,
  submittedAt: row.submittedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A page of the inbound API: its 50 rows (the query given, offset to the page) and the count
 * of all, read together.
 */
async function pageRead<Row, Item>(
  page: number,
  rows: { limit(n: number): { offset(n: number): Promise<Row[]> } },
  total: Promise<{ value: number }[]>,
  item: (row: Row) => Item,
) {
  const [found, [counted]] = await Promise.all([
    rows.limit(ADMIN_PAGE_SIZE).offset(pageOffset(page)),
    total,
  ]);
  return { items: found.map(item), total: counted?.value ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * The inbound API (decision record 077): the provider's systems, each with a key whose scopes
 * the session plugin checks. Every call is audited under the key's name (`api.call`), and every
 * refusal carries `messageEn` beside the Arabic `message`.
 */
export const inboundRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { code?: string };
      return JSON.stringify({ ...body, messageEn: englishMessage(body.code, reply.statusCode) });
    } catch {
      return payload;
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.apiKey) return;
    await audit(db, request, {
      action: 'api.call',
      entityType: 'api_key',
      entityId: request.apiKey.id,
      after: {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
      },
    });
  });

  serve(app, inboundEndpoints.referrals, async (request) => {
    const { status, updatedSince, page } = request.query;
    const conditions = [
      ...(status ? [eq(referrals.status, status)] : []),
      ...(updatedSince ? [gt(referrals.updatedAt, new Date(updatedSince))] : []),
    ];
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    // Syncing from an instant reads forward: the oldest change first, so no page is skipped.
    const order = updatedSince
      ? [asc(referrals.updatedAt), asc(referrals.id)]
      : [desc(referrals.updatedAt), desc(referrals.id)];
    return pageRead(
      page,
      db
        .select(referralColumns)
        .from(referrals)
        .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
        .where(where)
        .orderBy(...order),
      db.select({ value: count() }).from(referrals).where(where),
      toReferral,
    );
  });

  serve(app, inboundEndpoints.referral, async (request) => {
    const [row] = await db
      .select(referralColumns)
      .from(referrals)
      .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
      .where(eq(referrals.id, request.params.id));
    if (!row) throw notFound('الإحالة غير موجودة');
    return toReferral(row);
  });

  serve(app, inboundEndpoints.tenantForm, async (request) => {
    const form = await findTenantForm(db, request.params.id);
    if (!form) throw notFound('لم يقم المستأجر بإرسال بياناته بعد');
    await auditTenantFormView(db, request, form.referralId, TENANT_FORM_FIELDS_SHOWN.inbound);
    return submittedFigures(form);
  });

  serve(app, inboundEndpoints.changeStatus, async (request, reply) => {
    const key = currentApiKey(request);
    const { status, notes, contractId, contractRent, contractStartsOn, contractEndsOn } =
      request.body;
    const { statusCode, response } = await once(db, request, key.id, async (applied) => {
      // The console's rules, commission and signals; the key acts for its creator, whose own
      // referrals and money it cannot touch.
      const result = await changeReferralStatus(
        ctx,
        request.log,
        request.params.id,
        key.createdBy,
        {
          status,
          ...(notes !== undefined ? { notes: notes?.trim() || null } : {}),
          ...(contractId !== undefined ? { contractId: contractId || null } : {}),
          contractRent: contractRent ?? null,
          ...(contractStartsOn !== undefined ? { contractStartsOn } : {}),
          ...(contractEndsOn !== undefined ? { contractEndsOn } : {}),
        },
        // The change's own audit row marks the Idempotency-Key applied, in its transaction.
        async (tx, entry) => {
          await auditBy(request)(tx, entry);
          if (entry.action === 'referral.status_change') await applied(tx);
        },
      );
      if (!result) throw notFound('الإحالة غير موجودة');
      return {
        oldStatus: result.before.status,
        newStatus: result.after.status,
        commissionCreated: result.commissionCreated,
      };
    });
    return reply.status(statusCode).send(response);
  });

  serve(app, inboundEndpoints.commissions, async (request) => {
    const { referralId, page } = request.query;
    // Any text may arrive: what is no id names no referral, so an empty page.
    if (referralId !== undefined && !isUuid(referralId)) {
      return { items: [], total: 0, page, pageSize: ADMIN_PAGE_SIZE };
    }
    const where = referralId ? eq(commissions.referralId, referralId) : undefined;
    return pageRead(
      page,
      db
        .select({ commission: commissions, brokerCode: brokers.brokerCode })
        .from(commissions)
        .innerJoin(brokers, eq(brokers.id, commissions.brokerId))
        .where(where)
        .orderBy(desc(commissions.createdAt), desc(commissions.id)),
      db.select({ value: count() }).from(commissions).where(where),
      ({ commission, brokerCode }) => ({
        id: commission.id,
        kind: commission.kind,
        referralId: commission.referralId,
        brokerCode,
        amount: commission.amount,
        vatAmount: commission.vatAmount,
        paidAmount: commission.paidAmount,
        status: commission.status,
        createdAt: commission.createdAt.toISOString(),
      }),
    );
  });

  serve(app, inboundEndpoints.payouts, async (request) => {
    const { status, page } = request.query;
    const where = status ? eq(payouts.status, status) : undefined;
    return pageRead(
      page,
      db
        .select({ payout: payouts, brokerCode: brokers.brokerCode })
        .from(payouts)
        .innerJoin(brokers, eq(brokers.id, payouts.brokerId))
        .where(where)
        .orderBy(desc(payouts.createdAt), desc(payouts.id)),
      db.select({ value: count() }).from(payouts).where(where),
      ({ payout, brokerCode }) => ({
        id: payout.id,
        brokerCode,
        amount: payout.amount,
        vatAmount: payout.vatAmount,
        transferReference: payout.transferReference,
        status: payout.status,
        requestedAt: payout.createdAt.toISOString(),
        paidAt: payout.status === 'paid' ? (payout.handledAt?.toISOString() ?? null) : null,
      }),
    );
  });
};
