import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { formatSar } from '#domain';
import { audit, auditBy } from '../../audit/service.js';
import {
  type BankLine,
  bankFileCsv,
  bankFileLines,
  createDuePayouts,
  mayHaveBankFile,
  newBankFile,
} from '../../commissions/payout-batches.js';
import { movePayout, payPayout, rejectPayout } from '../../commissions/payouts.js';
import type { FeatureOptions } from '../../context.js';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { isUuid } from '../../ids.js';
import { notify } from '../../notifications/service.js';
import { errorLogFields } from '../../plugins/log-safety.js';
import { currentBroker } from '../../plugins/session.js';
import { listPayoutsForAdmin } from './service.js';

/** The payouts card: drafts, approval, the bank file, paid, returned and rejected payouts. */
export const adminPayoutRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, adminPayoutEndpoints.list, async (request) => listPayoutsForAdmin(db, request.query));

  serve(app, adminPayoutEndpoints.pay, async (request) => {
    if (!isUuid(request.params.id)) throw notFound('طلب التحويل غير موجود');
    const changed = await payAndTell(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.transferReference ?? null,
      auditBy(request),
    );
    return { ok: true as const, changed };
  });

  serve(app, adminPayoutEndpoints.fail, async (request) => {
    if (!isUuid(request.params.id)) throw notFound('طلب التحويل غير موجود');
    const { changed, payout } = await movePayout(
      db,
      request.params.id,
      'failed',
      { adminId: currentBroker(request).id, reason: request.body.reason },
      auditBy(request),
    );
    if (changed) {
      await notify(db, payout.brokerId, {
        type: 'warning',
        title: 'لم يكتمل تحويل دفعتك',
        message: `أعاد البنك دفعة بقيمة ${formatSar(payout.amount)}: ${request.body.reason}. عاد المبلغ إلى رصيدك المتاح للتحويل.`,
        link: '/commissions',
      });
    }
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
            ? await payAndTell(db, id, adminId, transferReference ?? null, record)
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
    if (!isUuid(request.params.id)) throw notFound('طلب التحويل غير موجود');
    const rejected = await rejectPayout(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.reason,
      auditBy(request),
    );
    await notify(db, rejected.brokerId, {
      type: 'warning',
      title: 'تم رفض طلب التحويل',
      message: `رُفض طلب تحويل ${formatSar(rejected.amount)}: ${rejected.rejectionReason}`,
      link: '/commissions',
    });
    return { ok: true as const };
  });
};

/** Pays a payout and, when it changed, tells the broker; answers whether it changed. */
async function payAndTell(
  db: Database,
  id: string,
  adminId: string,
  transferReference: string | null,
  record: ReturnType<typeof auditBy>,
): Promise<boolean> {
  const result = await payPayout(db, id, adminId, transferReference, record);
  if (result.changed) {
    await notify(db, result.request.brokerId, {
      type: 'success',
      title: 'تم تنفيذ طلب التحويل',
      message:
        Number(result.deducted) > 0
          ? `تم تحويل ${formatSar(result.request.amount)} إلى حسابك البنكي، وسُوّي معه ${formatSar(result.deducted)} مقابل عمولات ملغاة.`
          : `تم تحويل ${formatSar(result.request.amount)} إلى حسابك البنكي.`,
      link: '/commissions',
    });
  }
  return result.changed;
}
