import { referralStatusBody } from '#contract/admin/referrals';
import { COMPLETED_REFERRAL_STATUSES, contractRentSchema, statusTakesContract } from '#domain';
import { z } from '#lib/validation';

/** The status change the server takes (PUT /api/admin/referrals/:id/status), field by field. */
const body = referralStatusBody.shape;

/**
 * Reaching contract signing creates the commission unless the referral already has one: the
 * contract's annual rent it is computed from is then required.
 */
export const createsCommission = (status: string, hasCommission: boolean) =>
  !hasCommission && (COMPLETED_REFERRAL_STATUSES as readonly string[]).includes(status);

/**
 * The processing dialog's form, validated by the server's own schema pieces: the status and
 * the notes always; the contract number when the status concerns a contract; the contract's
 * rent when the change creates the commission. Its output is the body sent, with only those.
 */
export const processReferralSchema = (hasCommission: boolean) =>
  z
    .object({
      status: body.status,
      notes: body.notes,
      contractId: z.string(),
      contractRent: z.string(),
    })
    .transform((values, ctx) => {
      const contractId = statusTakesContract(values.status)
        ? body.contractId.safeParse(values.contractId)
        : null;
      if (contractId && !contractId.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['contractId'],
          message: contractId.error.issues[0]?.message ?? '',
        });
      }
      const rent = createsCommission(values.status, hasCommission)
        ? contractRentSchema.safeParse(values.contractRent)
        : null;
      if (rent && !rent.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['contractRent'],
          message: rent.error.issues[0]?.message ?? '',
        });
      }
      if ((contractId && !contractId.success) || (rent && !rent.success)) return z.NEVER;
      return {
        status: values.status,
        notes: values.notes,
        ...(contractId?.success ? { contractId: contractId.data } : {}),
        ...(rent?.success ? { contractRent: rent.data } : {}),
      };
    });
