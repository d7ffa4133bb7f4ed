import { referralStatusBody } from '#contract/admin/referrals';
import {
  COMPLETED_REFERRAL_STATUSES,
  CONTRACT_DETAILS_MESSAGES,
  contractRentSchema,
  statusTakesContract,
} from '#domain';
import { z } from '#lib/validation';

/** What a blank field of the lease says when signing needs it. */
const CONTRACT_FIELDS = {
  contractId: CONTRACT_DETAILS_MESSAGES.number,
  contractStartsOn: CONTRACT_DETAILS_MESSAGES.startsOn,
  contractEndsOn: CONTRACT_DETAILS_MESSAGES.endsOn,
} as const;

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
      contractStartsOn: z.string(),
      contractEndsOn: z.string(),
    })
    .transform((values, ctx) => {
      const signing = createsCommission(values.status, hasCommission);
      const required = (path: keyof typeof CONTRACT_FIELDS, value: string) => {
        if (value.trim() !== '') return false;
        ctx.addIssue({ code: 'custom', path: [path], message: CONTRACT_FIELDS[path] });
        return true;
      };
      // Signing the lease names it whole (decision 069): its number and its dates.
      const blank = signing
        ? [
            required('contractId', values.contractId),
            required('contractStartsOn', values.contractStartsOn),
            required('contractEndsOn', values.contractEndsOn),
          ].some(Boolean)
        : false;
      const contractId =
        (statusTakesContract(values.status) || signing) && values.contractId.trim() !== ''
          ? body.contractId.safeParse(values.contractId)
          : null;
      const starts = signing ? body.contractStartsOn.safeParse(values.contractStartsOn) : null;
      const ends = signing ? body.contractEndsOn.safeParse(values.contractEndsOn) : null;
      for (const [path, parsed] of [
        ['contractStartsOn', starts],
        ['contractEndsOn', ends],
      ] as const) {
        if (parsed && !parsed.success && values[path].trim() !== '') {
          ctx.addIssue({
            code: 'custom',
            path: [path],
            message: parsed.error.issues[0]?.message ?? '',
          });
        }
      }
      if (starts?.success && ends?.success && (ends.data ?? '') <= (starts.data ?? '')) {
        ctx.addIssue({
          code: 'custom',
          path: ['contractEndsOn'],
          message: CONTRACT_DETAILS_MESSAGES.order,
        });
        return z.NEVER;
      }
      if (blank || (starts && !starts.success) || (ends && !ends.success)) return z.NEVER;
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
        ...(starts?.success ? { contractStartsOn: starts.data } : {}),
        ...(ends?.success ? { contractEndsOn: ends.data } : {}),
      };
    });
