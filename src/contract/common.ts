import { z } from 'zod';
import {
  type ApiScope,
  COMMISSION_STATUS_KEYS,
  OUTBOX_STATUSES,
  PAYOUT_STATUSES,
  REFERRAL_STATUS_KEYS,
} from '../domain/index.js';

/**
 * Who may call an endpoint; the server enforces it before reading any input. `apiKey`: the
 * provider's systems, with a key bearing the endpoint's `scope` (decision 077), never a session.
 */
export type Access = 'public' | 'broker' | 'admin' | 'superadmin' | 'apiKey';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, declared once: the server serves it (`serve` in src/server/http), the web
 * calls it and takes its types from it, `npm run routes` prints it. `response` is the JSON
 * answer's schema (the serializer drops whatever it does not declare); `null` for an answer
 * that is not JSON (a file, a stream).
 */
export type Endpoint = {
  method: Method;
  path: string;
  access: Access;
  /** With `apiKey` access: the scope the key must bear. */
  scope?: ApiScope;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status, 200 unless the call creates something. */
  status?: 200 | 201;
  /**
   * A path with `:id`: the Arabic message of its 404. An id that cannot name a record (not a
   * UUID) is answered with it before the handler runs; the handler answers it for one that names
   * none.
   */
  notFound?: string;
  response: z.ZodType | null;
};

/** Declares an endpoint, keeping its exact schema types for the server and the web. */
export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

// Apart from the schemas: the browser's first load needs it, and none of them
// (build/contract-calls.ts, docs/decisions/063-contract-calls-in-the-browser.md).
export { apiUrl } from './url.js';

/** The JSON a call answers with, as the web receives it. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

// ---------- shared pieces ----------

/** Money on the wire: a decimal string with two places, e.g. "1250.00". */
export const money = z.string();
/** An instant on the wire: ISO 8601 in UTC. */
export const isoDateTime = z.string();
export const referralStatus = z.enum(REFERRAL_STATUS_KEYS);
/** A commission's state; `potential` only in the broker's list (never counted). */
export const commissionStatus = z.enum([...COMMISSION_STATUS_KEYS, 'potential']);
/** An outbox row's state (src/domain/messaging.ts). */
export const outboxStatus = z.enum(OUTBOX_STATUSES);
export const payoutStatus = z.enum(PAYOUT_STATUSES);

/** Ids arrive as text: anything that is not a known id is simply not found (404), never 400. */
export const idParams = z.object({ id: z.string() });

/**
 * The last page a list serves: nobody reads that far, and a deeper page only
 * makes the database skip rows. Every list's `page` is bounded by it, with one Arabic message.
 */
const MAX_PAGE = 10_000;
const PAGE_MESSAGE = 'يرجى إدخال رقم صفحة بين ١ و١٠٠٠٠';
const PAGE_SIZE_MESSAGE = 'يرجى إدخال عدد عناصر الصفحة بين ١ و١٠٠';

/**
 * A whole number from `min` to `max`, read by `number` (`z.number`, or `z.coerce.number` for a
 * query's text): whatever it refuses (no number, a fraction, out of range) reads as `message`.
 */
export const wholeNumber = <N extends z._ZodNumber>(
  number: (params: { error: string }) => N,
  min: number,
  max: number,
  message: string,
): N =>
  number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** A page number in a query: a whole number from 1 to MAX_PAGE, 1 when not asked. */
export const pageNumber = wholeNumber(z.coerce.number, 1, MAX_PAGE, PAGE_MESSAGE).default(1);

/** The page a broker's list asks for: 20 to a page unless asked otherwise, at most 100. */
export const pageQuery = {
  page: pageNumber,
  pageSize: wholeNumber(z.coerce.number, 1, 100, PAGE_SIZE_MESSAGE).default(20),
};

/** A page of a list that can grow, counted and paged in SQL. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** A page of `T`, as `pageOf` declares it. */
export type Page<T> = Omit<z.output<ReturnType<typeof pageOf>>, 'items'> & { items: T[] };

export const ok = z.object({ ok: z.literal(true) });

/**
 * How long an open referral has waited in its status, in Saudi working time, and its deadline
 * there when the stage has a service promise (src/server/service-clocks.ts); null once closed.
 */
export const stageClock = z
  .object({
    since: isoDateTime,
    workingMinutes: z.number().int(),
    dueAt: isoDateTime.nullable(),
    overdue: z.boolean(),
  })
  .nullable();
