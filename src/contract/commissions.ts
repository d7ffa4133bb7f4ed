import { z } from 'zod';
import { transferRequestBodySchema } from '../domain/index.js';
import { commissionStatus, endpoint, isoDateTime, money, transferRequestStatus } from './common.js';

export const commission = z.object({
  id: z.string(),
  referralId: z.string(),
  tenantPhone: z.string(),
  amount: money,
  paidAmount: money,
  status: commissionStatus,
  contractNumber: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});

export const commissionSummary = z.object({
  total: money,
  paid: money,
  pending: money,
  requested: money,
});

export const transferRequest = z.object({
  id: z.string(),
  amount: money,
  iban: z.string(),
  status: transferRequestStatus,
  rejectionReason: z.string().nullable(),
  createdAt: isoDateTime,
  handledAt: isoDateTime.nullable(),
});

export const commissionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/commissions',
    access: 'broker',
    summary: "the broker's commissions, potential ones included",
    response: z.array(commission),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/commissions/summary',
    access: 'broker',
    summary: 'total, paid, pending and requested',
    response: commissionSummary,
  }),
  transferRequests: endpoint({
    method: 'GET',
    path: '/api/commissions/transfer-requests',
    access: 'broker',
    summary: "the broker's transfer requests",
    response: z.array(transferRequest),
  }),
  requestTransfer: endpoint({
    method: 'POST',
    path: '/api/commissions/request-transfer',
    access: 'broker',
    summary: 'ask for pending money to be transferred to an IBAN',
    body: transferRequestBodySchema,
    status: 201,
    response: transferRequest.pick({
      id: true,
      amount: true,
      iban: true,
      status: true,
      createdAt: true,
    }),
  }),
};
