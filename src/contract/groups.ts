import { z } from 'zod';
import {
  appliedRuleSchema,
  brokerGroupBody,
  commissionOverrideBody,
  groupMoveBody,
  promotionRuleBody,
} from '../domain/index.js';
import { endpoint, idParams, ok } from './common.js';

// ---------- broker groups (decision record 072) ----------

/** A promotion rule into a group. */
const promotionRule = z.object({
  id: z.string(),
  groupId: z.string(),
  signedContracts: z.number().int(),
  withinDays: z.number().int(),
});

/** A group with its terms (null: the program's setting), its brokers and its promotion rules. */
const brokerGroup = z.object({
  id: z.string(),
  name: z.string(),
  level: z.number().int(),
  /** The commission rate as a fraction (0.015 is 1.5%). */
  rate: z.number().nullable(),
  minimum: z.number().nullable(),
  holdingDays: z.number().int().nullable(),
  payoutMinimum: z.number().int().nullable(),
  isDefault: z.boolean(),
  /** Live brokers in it. */
  brokerCount: z.number().int(),
  rules: z.array(promotionRule),
});

/** The program's settings: what a group's empty term means. */
const programTerms = z.object({
  rate: z.number(),
  minimum: z.number(),
  holdingDays: z.number().int(),
  payoutMinimum: z.number().int(),
});

/** A broker's place in the program as the console shows it: group, override, rule in force. */
export const brokerTermsView = z.object({
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The broker's own rate (a fraction) and minimum, or null; and why. */
  rateOverride: z.number().nullable(),
  minimumOverride: z.number().nullable(),
  overrideReason: z.string().nullable(),
  /** What a commission would be made by now. */
  rule: appliedRuleSchema,
});

export const groupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/groups',
    access: 'superadmin',
    summary: 'the broker groups by level, with their terms, brokers and promotion rules',
    response: z.object({ items: z.array(brokerGroup), program: programTerms }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/superadmin/groups',
    access: 'superadmin',
    summary: 'create a group; its terms apply to commissions made after (audited)',
    body: brokerGroupBody,
    status: 201,
    response: brokerGroup,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/superadmin/groups/:id',
    access: 'superadmin',
    summary:
      "change a group's name, level or terms; commissions already made keep theirs (audited)",
    params: idParams,
    body: brokerGroupBody,
    notFound: 'المجموعة غير موجودة',
    response: brokerGroup,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/groups/:id',
    access: 'superadmin',
    summary: 'delete a group without brokers that is not the default, with its rules (audited)',
    params: idParams,
    notFound: 'المجموعة غير موجودة',
    response: ok,
  }),
  makeDefault: endpoint({
    method: 'POST',
    path: '/api/superadmin/groups/:id/default',
    access: 'superadmin',
    summary: 'make the group the one new brokers join (audited)',
    params: idParams,
    notFound: 'المجموعة غير موجودة',
    response: brokerGroup,
  }),
  addRule: endpoint({
    method: 'POST',
    path: '/api/superadmin/promotion-rules',
    access: 'superadmin',
    summary:
      'add a promotion rule: N signed contracts in D days moves a broker up to the group (audited)',
    body: promotionRuleBody,
    status: 201,
    response: promotionRule,
  }),
  removeRule: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/promotion-rules/:id',
    access: 'superadmin',
    summary: 'delete a promotion rule (audited)',
    params: idParams,
    notFound: 'القاعدة غير موجودة',
    response: ok,
  }),
  brokerTerms: endpoint({
    method: 'GET',
    path: '/api/admin/brokers/:id/terms',
    access: 'admin',
    summary: "a broker's group, override and the rule a commission would be made by now",
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: brokerTermsView,
  }),
  moveBroker: endpoint({
    method: 'POST',
    path: '/api/superadmin/brokers/:id/group',
    access: 'superadmin',
    summary:
      "move a broker to a group with a reason; their commissions already made keep their rule (audited, notified; never one's own)",
    params: idParams,
    body: groupMoveBody,
    notFound: 'الوسيط غير موجود',
    response: brokerTermsView,
  }),
  setOverride: endpoint({
    method: 'POST',
    path: '/api/superadmin/brokers/:id/commission-override',
    access: 'superadmin',
    summary:
      "set or clear a broker's own commission rate and minimum with a reason (audited, notified; never one's own)",
    params: idParams,
    body: commissionOverrideBody,
    notFound: 'الوسيط غير موجود',
    response: brokerTermsView,
  }),
};
