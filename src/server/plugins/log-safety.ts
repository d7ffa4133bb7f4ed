import { randomUUID } from 'node:crypto';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pino from 'pino';

// ---------- request lines ----------

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * A request id sent by a proxy or a caller (`X-Request-Id`) is kept when it is a plain token of
 * at most 64 characters (letters, digits, `.`, `_`, `-`), so a log line can be followed across
 * the proxy, this server and the caller; anything else is replaced by a new UUID, so no
 * injected text reaches a log line. Every answer carries the id it was logged under.
 */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestId(request: { headers: Record<string, string | string[] | undefined> }) {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * One log line a request instead of Fastify's two ("incoming request", then "request
 * completed"): written when the answer is finished, with what both said: the request's masked
 * fields (`req`, through `requestLogFields`), its status (`res`), its time and its id. Every
 * other line Fastify writes about a request (errors, aborted streams) is unchanged.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Health probes come every few seconds from every balancer: not logged line by line; a
    // readiness that fails is logged by its route, once and then once a minute with a count.
    if (!error && HEALTH_PATHS.has(request.url)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (!writeAccessLine(reply.log, request, reply))
      reply.log.info(fields, 'request completed');
  }
}

const { chindingsSym, streamSym, needsMetadataGsym } = pino.symbols;

/** A JSON member `,"name":value`, or nothing for an undefined value (as JSON.stringify does). */
const member = (name: string, value: string | number | undefined) =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;

/**
 * The access line, written as pino would write `log.info({ req, res, responseTime }, 'request
 * completed')` with this logger's serializers: the same JSON members (level, time, the child
 * logger's bindings: pid, hostname, reqId; the masked request, the status, the time taken, the
 * message), each value escaped by JSON.stringify, to the logger's own destination. Made by
 * hand because it is the one line every request writes: pino's generic path (serializers, a
 * walk over the object, its safe stringify) cost about half of the product's extra CPU a
 * request on the cheapest polled reads. pino's documented `symbols` give the
 * bindings and the destination; a destination that wants pino's metadata (a multistream) gets
 * the line from pino itself. False when pino must write it (or `info` is off).
 */
function writeAccessLine(
  log: FastifyBaseLogger,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const info = pino.levels.values.info ?? 30;
  if ((pino.levels.values[log.level] ?? Number.POSITIVE_INFINITY) > info) return true;
  const internals = log as unknown as Record<symbol, unknown>;
  const bindings = internals[chindingsSym];
  const destination = internals[streamSym] as
    | { write: (line: string) => unknown; [needsMetadataGsym]?: boolean }
    | undefined;
  if (typeof bindings !== 'string' || !destination || destination[needsMetadataGsym]) return false;
  const req = requestLogFields(request);
  destination.write(
    `{"level":${info},"time":${Date.now()}${bindings}` +
      `,"req":{${member('method', req.method).slice(1)}${member('url', req.url)}` +
      `${member('host', req.host)}${member('remoteAddress', req.remoteAddress)}` +
      `${member('remotePort', req.remotePort)}}` +
      `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime}` +
      `,"msg":"request completed"}\n`,
  );
  return true;
}

/**
 * Paths whose next segment is a secret: short-link codes and tenant-form tokens open a
 * tenant's form without signing in, stored-file keys name a tenant's documents, and the
 * delivery-report address of the SMS provider ends in its shared secret. Leading
 * and doubled slashes are allowed so that no spelling of the path slips past.
 */
const SECRET_PATH =
  /^(\/+(?:s|tenant-form|api\/+tenant-form|api\/+files|api\/+webhooks\/+sms\/+unifonic)\/+)(.+)$/i;
/** The one fixed name under /api/tenant-form/: the submit call, which carries no secret. */
const NOT_A_SECRET = 'submit';

/**
 * Percent-escapes of ASCII decoded, one by one: enough to reveal any spelling of the prefixes
 * above, and unlike decodeURIComponent it cannot fail on a malformed escape elsewhere.
 */
const decodeAscii = (path: string) =>
  // Most paths hold no escape at all: checked first, as every request's log line asks.
  path.includes('%')
    ? path.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : path;

/**
 * Query parameters whose values say nothing about a person: paging, filters by status or date,
 * tabs. Every other value (searches by phone or name, anything unknown) is logged as `***`.
 */
const PLAIN_QUERY_KEYS = new Set([
  'page',
  'pageSize',
  'status',
  'from',
  'to',
  'action',
  'tab',
  'type',
]);

const AMPERSAND = 38;
const QUESTION_MARK = 63;

/**
 * Each `?key=value` or `&key=value` (a key without `=`, `&` or `#`; a value up to the next `&`
 * or `#`) whose key is not plain gets `***` for its value; the rest is kept as it is. A scan,
 * not a replace with a callback: it runs for every request's log line, and most queries hold
 * only plain keys, answered with the string itself (plugins.test.ts checks it against the
 * regular expression /([?&])([^=&#]*)=([^&#]*)/g on generated queries).
 */
export function maskQuery(query: string): string {
  let masked = '';
  let kept = 0;
  let at = 0;
  while (at < query.length) {
    const code = query.charCodeAt(at);
    if (code === QUESTION_MARK || code === AMPERSAND) {
      let keyEnd = at + 1;
      while (keyEnd < query.length && !'=&#'.includes(query.charAt(keyEnd))) keyEnd++;
      if (query.charAt(keyEnd) === '=') {
        let valueEnd = keyEnd + 1;
        while (valueEnd < query.length && !'&#'.includes(query.charAt(valueEnd))) valueEnd++;
        if (!PLAIN_QUERY_KEYS.has(query.slice(at + 1, keyEnd))) {
          masked += `${query.slice(kept, keyEnd + 1)}***`;
          kept = valueEnd;
        }
        at = valueEnd;
        continue;
      }
    }
    at++;
  }
  return kept === 0 ? query : masked + query.slice(kept);
}

/**
 * The url as it may be logged: the secret part of a tenant-form, short-link or file path is
 * replaced by `***`, and so are query values that may name a person. The path is matched with
 * its ASCII escapes decoded, because the router decodes them too: `/%73/<code>` reaches the
 * short-link route.
 */
export function maskLoggedUrl(url: string): string {
  const queryStart = url.search(/[?#]/);
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : maskQuery(url.slice(queryStart));
  const match = SECRET_PATH.exec(decodeAscii(path));
  if (!match || match[2]?.replace(/\/+$/, '') === NOT_A_SECRET) return `${path}${query}`;
  return `${match[1]}***${query}`;
}

// ---------- free text ----------

/** Western, Arabic-Indic and Persian digits: the product accepts all three in phone numbers. */
const DIGIT = '[0-9\u0660-\u0669\u06F0-\u06F9]';

/**
 * What may name a person or open an account, as it can appear inside an error message, a span
 * attribute or a log line, each with what replaces it. Order matters: a URL's credentials and a
 * secret path go before the generic rules would cut them into pieces, and a token goes whole
 * before the digit rule could leave its letters behind.
 */
const TEXT_SECRETS: [RegExp, (match: string, ...groups: string[]) => string][] = [
  // user:password@ in any URL (a DATABASE_URL quoted by a driver, say).
  [/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, (_url, scheme) => `${scheme}***@`],
  // The next segment of a tenant-form, short-link or stored-file path (as in maskLoggedUrl);
  // not the submit call, nor a route template's parameter (`/s/:code`).
  [
    /(\/(?:s|tenant-form|api\/tenant-form|api\/files|api\/webhooks\/sms\/unifonic)\/)(?!submit(?![\w-])|:)[^\s/?#"'`<>]+/gi,
    (_path, prefix) => `${prefix}***`,
  ],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, (_credentials, scheme) => `${scheme} ***`],
  // name=value and name: value for fields that are secret or personal by name (a SQL
  // placeholder such as `"phone" = $1` holds no value and stays).
  [
    /\b(password|passwd|pwd|secret|token|otp|otp_?code|cookie|set-cookie|authorization|api[_-]?key|sid|session|iban|phone|mobile)(["']?\s*[:=]\s*["']?)(?!\$\d)[^\s"',;&]+/gi,
    (_field, name, separator) => `${name}${separator}***`,
  ],
  [/[^\s@"'`<>()[\]{},;:]+@[^\s@"'`<>()[\]{},;:]+\.[a-z]{2,}/gi, () => '***@***'],
  // IBANs (the Kingdom's are SA and 22 digits), with or without the spaces of their print form.
  [/\b[A-Za-z]{2}[0-9]{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[0-9A-Z]{1,3})?\b/g, () => '***'],
  // Random-looking tokens: 20+ URL-safe characters mixing letters and digits, or any 32+.
  [
    /[A-Za-z0-9_-]{20,}/g,
    (word) => (word.length >= 32 || (/[0-9]/.test(word) && /[A-Za-z]/.test(word)) ? '***' : word),
  ],
  // Nine digits or more, spaces and dashes allowed between them: every spelling of a Saudi
  // mobile, national and residence ids, card and account numbers.
  [new RegExp(`\\+?${DIGIT}(?:[\\s-]?${DIGIT}){8,}`, 'g'), () => '***'],
];

/** A record's id (reached only by who may see the record), not a bearer secret: kept as it is. */
const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

function scrubPart(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of TEXT_SECRETS) {
    scrubbed = scrubbed.replace(pattern, replacement);
  }
  return scrubbed;
}

/**
 * Free text with phones, IBANs, ids, tokens, passwords, cookies, e-mail addresses and the secret
 * part of link paths replaced by `***`: for what no structure protects, an error's message above
 * all (a driver may quote the value it refused). One scrubber for the logs' errors, the error
 * reports (src/server/observability/error-reports.ts) and the exported spans
 * (src/server/observability/tracing.ts).
 */
export function scrubText(text: string): string {
  // split() with a capturing group: UUIDs at the odd places, the text around them at the even.
  return text
    .split(UUID)
    .map((part, index) => (index % 2 === 1 ? part : scrubPart(part)))
    .join('');
}

/** Fastify's default `req` log fields, with the url masked. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskLoggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    // Fastify's own serializer guards this too: a request may be logged after its socket went.
    remotePort: request.socket?.remotePort,
  };
}

// ---------- errors ----------

/** What may be logged of a database error: never a parameter value, never the messages. */
export type SafeDatabaseError = {
  type: string;
  query?: string;
  code?: string;
  constraint?: string;
  routine?: string;
  stack?: string;
};

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const stringField = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Drizzle's query error (DrizzleQueryError, or its shape): the SQL text and its parameters. */
const isQueryError = (error: Fields) =>
  typeof error.query === 'string' && Array.isArray(error.params);

/** A PostgreSQL error from either driver (pg or PGlite): a five-character SQLSTATE `code`. */
const isDriverError = (error: Fields) =>
  typeof error.code === 'string' &&
  /^[0-9A-Z]{5}$/.test(error.code) &&
  ('severity' in error || 'routine' in error);

/**
 * The stack's frames without its first lines: Drizzle's message, which the stack repeats,
 * holds the parameters. When the stack does not start with the message as expected, none of
 * it is kept.
 */
function framesOnly(error: Fields): string | undefined {
  const stack = stringField(error.stack);
  const name = stringField(error.name) ?? 'Error';
  const message = stringField(error.message) ?? '';
  const header = message ? `${name}: ${message}` : name;
  if (!stack?.startsWith(header)) return undefined;
  return stack.slice(header.length).trim() || undefined;
}

/**
 * The loggable description of a database error, or null when the error (and the causes it
 * wraps) did not come from the database. Drizzle puts every parameter in its message and the
 * driver may quote a refused value in its own, so only the SQL text, the error class and the
 * driver's code, constraint and routine are kept.
 */
export function describeDatabaseError(error: unknown): SafeDatabaseError | null {
  let query: string | undefined;
  let driver: Fields | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (query === undefined && isQueryError(current)) query = stringField(current.query);
    if (driver === undefined && isDriverError(current)) driver = current;
    current = current.cause;
  }
  if (!isObject(error) || (query === undefined && driver === undefined)) return null;
  const description: SafeDatabaseError = {
    type: typeof error.constructor === 'function' ? error.constructor.name : 'Error',
  };
  if (query !== undefined) description.query = query;
  const code = stringField(driver?.code);
  const constraint = stringField(driver?.constraint);
  const routine = stringField(driver?.routine);
  if (code) description.code = code;
  if (constraint) description.constraint = constraint;
  if (routine) description.routine = routine;
  const stack = framesOnly(error);
  if (stack) description.stack = stack;
  return description;
}

/**
 * The logger's `err` serializer: pino's own, with the message and the stack (which repeats the
 * message, and the causes' messages after it) scrubbed, as an error report's are.
 */
export function errorLogSerializer(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = scrubText(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrubText(serialized.stack);
  return serialized;
}

/**
 * The fields to log an unexpected error with: a database error under `dbError`, described
 * without its parameters; anything else under `err`, for the logger's usual serializer.
 */
export function errorLogFields(error: unknown): { dbError: SafeDatabaseError } | { err: unknown } {
  const dbError = describeDatabaseError(error);
  return dbError ? { dbError } : { err: error };
}

/**
 * A failure that repeats on every poll (the database down, say): logged in full the first time,
 * then at most once an interval as one short line with how many times it has failed, and once
 * when it works again. Without it each instance wrote a 1.9 KB line with the full SQL every
 * 2 seconds for as long as an outage lasted.
 */
export class RepeatedFailureLog {
  private failures = 0;
  private loggedAt = 0;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    private readonly what: string,
    private readonly intervalMs = 60_000,
    /**
     * Told of the first failure of each run of failures, as the log is (an error report): one
     * report an outage, not one a poll.
     */
    private readonly report: (error: unknown) => void = () => {},
  ) {}

  failed(error: unknown): void {
    this.failures++;
    const now = Date.now();
    if (this.failures === 1) {
      this.log.error(errorLogFields(error), `${this.what} failed`);
      this.report(error);
      this.loggedAt = now;
    } else if (now - this.loggedAt >= this.intervalMs) {
      this.log.error({ failures: this.failures }, `${this.what} still failing`);
      this.loggedAt = now;
    }
  }

  succeeded(): void {
    if (this.failures === 0) return;
    this.log.info({ failures: this.failures }, `${this.what} works again`);
    this.failures = 0;
  }
}
