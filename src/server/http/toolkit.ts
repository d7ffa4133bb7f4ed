/**
 * What the console's growing lists share: page size, offsets, safe search terms, and the broker
 * each row belongs to.
 */
import { brokers } from '../db/schema.js';

/** Admin lists show 50 rows a page, newest first, with the total count. */
export const ADMIN_PAGE_SIZE = 50;

/** The rows a 1-based page skips. */
export const pageOffset = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export const likeTerm = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The broker beside each row of a console list or export, as the contract's `brokerColumns`. */
export const brokerColumns = {
  brokerName: brokers.fullName,
  brokerPhone: brokers.phone,
  brokerCode: brokers.brokerCode,
};
