import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { audit, auditBy } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { isUuid } from '../../ids.js';
import {
  type BankLine,
  bankFileCsv,
  bankFileLines,
  createDuePayouts,
  mayHaveBankFile,
  newBankFile,
} from '../../ledger/payout-batches.js';
import { cancelPayout, movePayout, payPayout, rejectPayout } from '../../ledger/settlement.js';
import { errorLogFields } from '../../plugins/log-safety.js';
import { currentBroker } from '../../plugins/session.js';
import { listPayoutsForAdmin, payoutSteps } from './service.js';

/**
 * The payouts card: drafts, approval, the bank file, paid, returned, rejected and cancelled
 * payouts, and how many wait at each step.
 */
export const adminPayoutRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, adminPayoutEndpoints.list, async (request) => listPayoutsForAdmin(db, request.query));

  serve(app, adminPayoutEndpoints.steps, async () => payoutSteps(db));

  serve(app, adminPayoutEndpoints.cancel, async (request) => {
    const { changed } = await cancelPayout(
      db,
      request.params.id,
      { adminId: currentBroker(request).id, reason: request.body.reason },
      auditBy(request),
    );
    return { ok: true as const, changed };
  });

  serve(app, adminPayoutEndpoints.pay, async (request) => {
    const { changed } = await payPayout(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.transferReference ?? null,
      { record: auditBy(request), issuer: ctx.config.providerTax },
    );
    return { ok: true as const, changed };
  });

  serve(app, adminPayoutEndpoints.fail, async (request) => {
    const { changed } = await movePayout(
      db,
      request.params.id,
      'failed',
      { adminId: currentBroker(request).id, reason: request.body.reason },
      auditBy(request),
    );
    return { ok: true as const, changed };
  });

  serve(app, adminPayoutEndpoints.mark, async (request) => {
    const { ids, status, transferReference } = request.body;
    const adminId = currentBroker(request).id;
    const record = auditBy(request);
    const result = { changed: 0, unchanged: 0, refused: [] as { id: string; message: string }[] };
    // One payout at a time, each in its own transaction: one refusal stops no other.
    for (const id of new Set(ids)) {
      try {
        if (!isUuid(id)) throw notFound('طلب التحويل غير موجود');
        const changed =
          status === 'paid'
            ? (
                await payPayout(db, id, adminId, transferReference ?? null, {
                  record,
                  issuer: ctx.config.providerTax,
                })
              ).changed
            : (
                await movePayout(
                  db,
                  id,
                  status,
                  { adminId, transferReference: transferReference ?? null },
                  record,
                )
              ).changed;
        result[changed ? 'changed' : 'unchanged'] += 1;
      } catch (error) {
        // Each payout is its own transaction: what went before stays done, and is answered.
        if (error instanceof AppError && error.statusCode < 500) {
          result.refused.push({ id, message: error.message });
        } else {
          request.log.error(errorLogFields(error), 'payout marking failed');
          result.refused.push({ id, message: 'تعذّرت معالجة هذه الدفعة، يرجى المحاولة مرة أخرى' });
        }
      }
    }
    return result;
  });

  serve(app, adminPayoutEndpoints.payDue, async (request) =>
    createDuePayouts(db, currentBroker(request).id, auditBy(request)),
  );

  const sendBankFile = (reply: FastifyReply, batch: string, lines: BankLine[]) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bank_transfers_${batch}.csv"`)
      .header('x-bank-batch', batch)
      .header('cache-control', 'no-store')
      .send(bankFileCsv(lines));

  serve(app, adminPayoutEndpoints.bankFile, async (request, reply) => {
    const file = await newBankFile(db, currentBroker(request).id);
    if (!file) {
      throw new AppError(409, 'NOTHING_TO_FILE', 'لا توجد دفعات معتمدة جديدة لملف البنك');
    }
    await audit(db, request, {
      action: 'payout.bank_file',
      entityType: 'payout',
      entityId: null,
      after: { batch: file.batch, payouts: file.lines.length },
    });
    return sendBankFile(reply, file.batch, file.lines);
  });

  serve(app, adminPayoutEndpoints.bankFileAgain, async (request, reply) => {
    const { batch } = request.params;
    const lines = await bankFileLines(db, batch);
    if (lines.length === 0) throw notFound('لا توجد دفعات معتمدة في ملف البنك هذا');
    if (!(await mayHaveBankFile(db, batch, currentBroker(request).id))) {
      throw new AppError(
        403,
        'DUAL_CONTROL',
        'يحتوي ملف البنك هذا على دفعة تخصّك أو دفعة كبيرة اعتمدتها بنفسك؛ يسلّمه للبنك مشرف آخر',
      );
    }
    await audit(db, request, {
      action: 'payout.bank_file_again',
      entityType: 'payout',
      entityId: null,
      after: { batch, payouts: lines.length },
    });
    return sendBankFile(reply, batch, lines);
  });

  serve(app, adminPayoutEndpoints.reject, async (request) => {
    await rejectPayout(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.reason,
      auditBy(request),
    );
    return { ok: true as const };
  });
};
