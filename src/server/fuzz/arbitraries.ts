import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for hostile HTTP input: the values, bodies, query strings, path
 * segments and headers the route fuzzer (routes.fuzz.test.ts) sends.
 */

/** Ids the fuzzer knows exist (a referral, a commission...), so a path can name a real record. */
export type KnownValues = {
  /** Ids of rows in the database: brokers, referrals, commissions, transfer requests, messages. */
  ids: string[];
  /** Valid tenant-form tokens and short-link codes. */
  tokens: string[];
  /** Stored files' keys. */
  fileKeys: string[];
  /** Phones of accounts that exist, so sign-in calls meet a real account. */
  phones: string[];
};

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

/** Strings that have broken servers before: control characters, encodings, injections. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u0085\u2028\u2029',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '😀👨‍👩‍👧',
  'مرحبا بالعالم',
  '\u202Eمعكوس\u202C',
  '\u202A\u202B\u202D',
  '\u2066عزل\u2069',
  '\u2067\u2068',
  'سطر\r\nسطر',
  'a\rb',
  'a\nb',
  '٠٥٠٠٠٠٠٠٠٠',
  '۰۵۰۰۰۰۰۰۰۰',
  '٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩',
  '١٢٣٤',
  '-1',
  '0',
  '1e400',
  'NaN',
  'Infinity',
  '9007199254740993',
  '-0',
  '0x10',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  "' OR '1'='1",
  "'; drop table brokers; --",
  '%',
  '_',
  '\\',
  '%00',
  '%zz',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '$'.concat('{7*7}'),
  'javascript:alert(1)',
  'SA0380000000608010167519',
  'SA00',
  '2024-02-30',
  '2024-13-45',
  '0001-01-01',
  '9999-12-31T23:59:59.999Z',
  '275760-09-13',
  '+275760-09-13',
  '-000001-01-01',
  '2101-01-01',
  '0500000000',
  '+966500000000',
  '00966500000000',
  '966500000000',
  '500000000',
  '05-0000-0000',
  'secret123',
  'a@b',
  'x'.repeat(256),
  'ع'.repeat(1000),
];

/** A string a person could send: short random text, a nasty one, or a long one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(...`${ARABIC_INDIC}۰۱۲۳0123456789 -+.`) }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'ع', '٩', '\u0000', '😀'), fc.integer({ min: 1000, max: 20_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** A number of any kind JSON can carry, and some it cannot (sent as text by JSON.stringify). */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e21, -1e21, 2 ** 53 + 1, 1e308, 5e-324, 0.001, 99_999_999.99),
);

/** An array nested `depth` levels deep, as JSON text: deeper than any recursive walk allows. */
export const deepNesting = (depth: number, open = '[', close = ']') =>
  `${open.repeat(depth)}${close.repeat(depth)}`;

/** Keys that objects must never trust: prototype pollution, nesting tricks and noise. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'isAdmin',
    'isSuperAdmin',
    'isActive',
    'brokerId',
    'id',
    'status',
    'role',
    '',
    'a.b',
    'a[b]',
    '$where',
    'toString',
    'valueOf',
  ),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, with hostile strings and numbers in it. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

// ---------- values shaped by a route's own schema ----------

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};

/** The JSON Schema of a zod schema as a request sends it, or null when zod cannot say. */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Strings a real caller sends: valid phones, passwords, dates, ids and tokens the app knows. */
const plausibleString = (known: KnownValues): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '0500000000',
      '0551234567',
      '+966551234567',
      '٠٥٥١٢٣٤٥٦٧',
      'secret123',
      'Secret1234',
      '1234',
      '٠٠٠٠',
      'وسيط تجريبي',
      'الرياض',
      '2026-01-01',
      '2026-11-25T10:00:00.000Z',
      'SA0380000000608010167519',
      'salary',
      'credit',
      'referrals',
      'brokers',
      'commissions',
      'sms',
      'whatsapp',
    ),
    fc.constantFrom(...known.ids, ...known.tokens, ...known.phones),
    fc.uuid(),
  );

const digits = (length: number) =>
  fc.integer({ min: 0, max: 10 ** length - 1 }).map((n) => String(n).padStart(length, '0'));

/**
 * What a real caller puts in a field of this name: an account's phone, a password, a code, a
 * token or an id the app knows, an IBAN, an amount. Null when the name says nothing.
 */
function plausibleFor(name: string, known: KnownValues): fc.Arbitrary<unknown> | null {
  const rules: [RegExp, () => fc.Arbitrary<unknown>][] = [
    [/phone/i, () => fc.constantFrom(...known.phones, '0500000000', '٠٥٥١٢٣٤٥٦٧', '+966551234567')],
    [/password/i, () => fc.constantFrom('secret123', 'wrong-pass1', 'Secret1234', 'short')],
    [/otp|code/i, () => fc.oneof(digits(4), fc.constantFrom('٠٠٠٠', '12345'))],
    [/token/i, () => fc.constantFrom(...known.tokens)],
    // An Ejar contract number (decision 069): 11 digits and a version, as typed or as free text.
    [
      /^contractId$/,
      () =>
        fc.oneof(
          fc
            .tuple(digits(10), fc.constantFrom('', '/1', '/2', ' / ٣'))
            .map(([rest, version]) => `2${rest}${version}`),
          fc.constantFrom('٢٠١٢٧٨٦٨٦٥٩/١', '2012786865', '20127868659/0', 'C-77'),
        ),
    ],
    [/(^id|Id)$/, () => fc.constantFrom(...known.ids)],
    [
      /iban|bank/i,
      () => fc.constantFrom('SA0380000000608010167519', 'SA00 0000', 'GB29NWBK60161331926819'),
    ],
    [
      /amount|rent|income|obligations|minimum|rate/i,
      () =>
        fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.constantFrom('1000.00', '0.05', '٥٠٠')),
    ],
    [/email/i, () => fc.constantFrom('broker@example.com', 'not-an-email')],
    [/^(from|to|day|date)$/i, () => fc.constantFrom('2026-01-01', ...DATE_EDGES)],
    [
      /(StartsOn|EndsOn)$/,
      () => fc.constantFrom('2026-01-01', '2026-12-31', '2037-01-01', ...DATE_EDGES),
    ],
    [/name/i, () => fc.constantFrom('محمد أحمد', 'مكتب الرياض', 'A')],
    [
      /url|file/i,
      () => fc.constantFrom(...known.fileKeys.map((key) => `upload:${key}`), 'http://x'),
    ],
  ];
  const rule = rules.find(([pattern]) => pattern.test(name));
  return rule ? rule[1]() : null;
}

/** A value that fits the schema most of the time, and breaks it some of the time. */
export function valueFor(
  schema: JsonSchema,
  known: KnownValues,
  depth = 0,
  name = '',
): fc.Arbitrary<unknown> {
  const broken = depth > 3 ? hostileString : hostileJson;
  return fc.oneof(
    { weight: 3, arbitrary: fittingValue(schema, known, depth, name) },
    { weight: 1, arbitrary: broken },
  );
}

function fittingValue(
  schema: JsonSchema,
  known: KnownValues,
  depth: number,
  name = '',
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    return fc.oneof(...choices.map((choice) => fittingValue(choice, known, depth)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const byName = type === 'object' || type === 'array' ? null : plausibleFor(name, known);
  if (byName) return byName;
  switch (type) {
    case 'object':
      return objectFor(schema, known, depth + 1);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, known, depth + 1), { maxLength: 3 });
    case 'string':
      return fc.oneof(plausibleString(known), hostileString);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1e6, 1e9) }),
        hostileNumber,
      );
    case 'number':
      return fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), hostileNumber);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileJson;
  }
}

/** An object with the schema's fields (some left out), and at times a hostile extra key. */
export function objectFor(
  schema: JsonSchema,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(
    fields.map(([name, field]) => [name, valueFor(field, known, depth, name)]),
  );
  // Mostly every field, as a form sends them; at times some left out.
  const declared = fc.oneof(
    { weight: 3, arbitrary: fc.record(model) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
  );
  return fc
    .tuple(declared, fc.dictionary(hostileKey, hostileJson, { maxKeys: 2 }), fc.boolean())
    .map(([ours, extra, addExtra]) => (addExtra ? { ...extra, ...ours } : ours));
}

// ---------- whole requests ----------

/** What the fuzzer knows of a route: its record and the JSON Schemas of its contract. */
export type FuzzRoute = {
  method: string;
  path: string;
  /** Who may call it (the contract's access); null outside /api. */
  access: string | null;
  params: JsonSchema | null;
  query: JsonSchema | null;
  body: JsonSchema | null;
};

export type FuzzRequest = {
  /** The route as the table names it: `POST /api/referrals/:id/resend-link`. */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Absent: no body at all. */
  payload?: string | Buffer;
  /** What was sent, in words, for the failure report. */
  bodyKind: string;
};

/** Percent-encodes like a browser, or leaves the text raw (malformed escapes included). */
const encoded = (value: string, raw: boolean) => {
  if (raw) return value.replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23');
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded: send its replacement, as a browser would.
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
};

const paramNames = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/** The real values a path parameter of this name may take: ids, file keys, tokens and codes. */
const knownFor = (name: string, known: KnownValues): string[] =>
  name === 'id'
    ? known.ids
    : name === 'key'
      ? known.fileKeys
      : name === 'token' || name === 'code'
        ? known.tokens
        : [];

/** A path parameter: a known value, one the contract allows, or something hostile. */
function paramValue(name: string, route: FuzzRoute, known: KnownValues): fc.Arbitrary<string> {
  const declared = route.params?.properties?.[name];
  const realOnes = knownFor(name, known);
  const options: fc.Arbitrary<string>[] = [
    fc.uuid(),
    hostileString,
    fc.constantFrom(
      '..',
      '../../../../etc/passwd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2f',
      'a/../../b',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '٠٠٠٠٠٠٠٠-٠٠٠٠-٠٠٠٠-٠٠٠٠-٠٠٠٠٠٠٠٠٠٠٠٠',
      'x'.repeat(5000),
    ),
  ];
  if (realOnes.length > 0) options.push(fc.constantFrom(...realOnes));
  const fitting = declared?.enum ? fc.constantFrom(...declared.enum.map(String)) : null;
  const pick = fc.oneof(...options);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fitting ?? (realOnes.length > 0 ? fc.constantFrom(...realOnes) : pick),
    },
    { weight: 4, arbitrary: pick },
  );
}

/** Query keys the list routes read, beside those of the route's own schema. */
const QUERY_KEYS = [
  'search',
  'status',
  'filter',
  'page',
  'pageSize',
  'phone',
  'from',
  'to',
  'token',
];

function queryString(route: FuzzRoute, known: KnownValues): fc.Arbitrary<string> {
  const declared = Object.entries(route.query?.properties ?? {});
  const key = fc.oneof(
    fc.constantFrom(...declared.map(([name]) => name), ...QUERY_KEYS),
    hostileKey,
    fc.constantFrom('a[]', 'a[b]', 'page[0]', '__proto__[isAdmin]', 'constructor[prototype][x]'),
  );
  const value = fc.oneof(
    plausibleString(known),
    hostileString,
    fc.integer().map(String),
    ...declared.map(([name, schema]) => fittingValue(schema, known, 3, name).map((v) => String(v))),
  );
  const pair = fc.tuple(key, value, fc.boolean(), fc.nat(20));
  return fc
    .array(pair, { maxLength: 6 })
    .map((pairs) =>
      pairs
        .map(([k, v, raw, n]) =>
          n === 0 ? encoded(k, raw) : `${encoded(k, raw)}=${encoded(v, raw && n % 3 === 0)}`,
        )
        .join('&'),
    );
}

/** A multipart body with the upload's fields, right or wrong, and a file that may be a PDF. */
const BOUNDARY = 'fuzz-boundary-7d1f';
function multipartBody(known: KnownValues): fc.Arbitrary<{ payload: string; type: string }> {
  const field = fc.tuple(
    fc.constantFrom('token', 'type', 'file', '__proto__', 'x'),
    fc.oneof(fc.constantFrom(...known.tokens, 'salary', 'credit'), hostileString),
  );
  const file = fc.oneof(
    fc.constant('%PDF-1.4 fuzz'),
    fc.constant('not a pdf'),
    hostileString.map((s) => `%PDF-${s}`),
  );
  // Mostly the form's own fields, right or wrong, then some others.
  const formFields = fc.tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.tokens) },
      { weight: 1, arbitrary: hostileString },
    ),
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('salary', 'credit') },
      { weight: 1, arbitrary: hostileString },
    ),
  );
  return fc
    .tuple(formFields, fc.array(field, { maxLength: 3 }), file, fc.boolean(), fc.nat(7))
    .map(([[token, type], extra, content, withFile, shape]) => {
      const fields: [string, string][] =
        shape === 0 ? extra : [['token', token], ['type', type], ...extra];
      const broken = shape === 1;
      const parts = fields.map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      if (withFile) {
        parts.push(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
            `Content-Type: application/pdf\r\n\r\n${content}\r\n`,
        );
      }
      // A body cut short: no closing boundary.
      const end = broken ? '' : `--${BOUNDARY}--\r\n`;
      return {
        payload: `${parts.join('')}${end}`,
        type: `multipart/form-data; boundary=${BOUNDARY}`,
      };
    });
}

type Body = { kind: string; payload?: string | Buffer; type?: string };

function bodyFor(route: FuzzRoute, known: KnownValues): fc.Arbitrary<Body> {
  const json = (kind: string, value: unknown): Body => ({
    kind,
    payload: jsonText(value),
    type: 'application/json',
  });
  const shaped = route.body ? objectFor(route.body, known) : hostileJson;
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((v) => json('near-valid JSON', v)) },
    { weight: 3, arbitrary: hostileJson.map((v) => json('hostile JSON', v)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom('__proto__', 'constructor', 'prototype'))
        .map(([v, key]) => {
          const text = JSON.stringify(v) ?? '{}';
          const polluted = `{"${key}":{"isAdmin":true,"isSuperAdmin":true,"prototype":{"isAdmin":true}},${text.slice(1)}`;
          return {
            kind: 'prototype pollution',
            payload:
              text.startsWith('{') && text !== '{}' ? polluted : `{"${key}":{"isAdmin":true}}`,
            type: 'application/json',
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('[]', '{}'))
        .map(([depth, pair]) => {
          const [open, close] = pair === '[]' ? ['[', ']'] : ['{"a":', '}'];
          const inner = pair === '[]' ? '' : '1';
          return {
            kind: `nested ${depth} deep`,
            payload: `${open.repeat(depth)}${inner}${close.repeat(depth)}`,
            type: 'application/json',
          };
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,]',
            "{'a':1}",
            'nul',
            '{"a":1}}',
            '\uFEFF{}',
            '"\\uD800"',
          ),
          fc.string({ maxLength: 50 }),
        )
        .map((payload) => ({ kind: 'invalid JSON', payload, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('application/json', 'application/json; charset=utf-16', '')
        .map((type) => ({ kind: 'empty body', payload: '', type })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'no body' }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          shaped,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/octet-stream',
            'application/json-patch+json',
            'text/json',
            'APPLICATION/JSON',
            'application/json; charset=latin1',
            'multipart/form-data',
            'garbage',
          ),
        )
        .map(([v, type]) => ({
          kind: `wrong content-type ${type}`,
          payload: JSON.stringify(v) ?? '',
          type,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 60 * 1024, max: 200 * 1024 })
        .map((size) => json(`huge body ${size}`, { phone: 'x'.repeat(size) })),
    },
    {
      // The upload takes multipart only: there it is most of what is sent.
      weight: route.path === '/api/upload' ? 25 : 1,
      arbitrary: multipartBody(known).map(({ payload, type }) => ({
        kind: 'multipart',
        payload,
        type,
      })),
    },
  );
}

/** Header text as it arrives over HTTP: bytes read as latin1, UTF-8 Arabic included. */
const headerText = fc
  .oneof(hostileString, fc.string({ unit: 'binary-ascii', maxLength: 40 }))
  .map((s) =>
    Buffer.from(s, 'utf8')
      .toString('latin1')
      .replace(/[\r\n]/g, ' '),
  );

const ip = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('127.0.0.1', '::1', 'unknown'));

function hostileHeaders(known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const cookieJunk = fc.oneof(
    fc.constantFrom(
      'sid=',
      'sid=garbage',
      'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'sid=%E0%A4%A',
      'sid=a; sid=b',
      'vrf=garbage',
      'did=garbage',
      'vrf=',
      '=;;;=',
      '__proto__=1',
      `sid=${'a'.repeat(8000)}`,
    ),
    fc.constantFrom(...known.tokens).map((token) => `sid=${token}`),
    headerText.map((text) => `sid=${text.replace(/;/g, '')}`),
  );
  const headers = fc.record(
    {
      'x-forwarded-for': fc.oneof(
        ip,
        fc.array(ip, { minLength: 2, maxLength: 50 }).map((ips) => ips.join(', ')),
        headerText,
      ),
      'x-real-ip': ip,
      'x-forwarded-host': fc.constantFrom('evil.example', 'localhost:80', ''),
      'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher'),
      cookie: cookieJunk,
      accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'text/event-stream'),
      'accept-language': headerText,
      'user-agent': headerText,
      range: fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=999999999-', 'bytes=5-1', 'garbage'),
      'if-none-match': headerText,
      'x-hub-signature-256': fc.oneof(fc.constant('sha256=00'), headerText),
      'x-huge': fc.integer({ min: 8_000, max: 64_000 }).map((n) => 'h'.repeat(n)),
      authorization: fc.constantFrom('Bearer x', 'Basic YWRtaW46YWRtaW4=', ''),
    },
    { requiredKeys: [] },
  );
  // Most requests carry none, so hostile headers do not stop every call at the door.
  return fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: headers });
}

/** A whole request to the route: path, query, headers and body, mostly hostile. */
export function requestFor(route: FuzzRoute, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const names = paramNames(route.path);
  const params = fc.tuple(
    ...names.map((name) => fc.tuple(paramValue(name, route, known), fc.nat(9))),
  );
  const withBody = route.method !== 'GET' && route.method !== 'HEAD';
  const body: fc.Arbitrary<Body> = withBody
    ? bodyFor(route, known)
    : fc.oneof(
        { weight: 9, arbitrary: fc.constant<Body>({ kind: 'no body' }) },
        { weight: 1, arbitrary: bodyFor(route, known) },
      );
  return fc
    .tuple(params, fc.option(queryString(route, known), { freq: 2 }), hostileHeaders(known), body)
    .map(([values, query, headers, b]) => {
      let url = route.path;
      names.forEach((name, i) => {
        const [value, rawness] = values[i] ?? ['', 1];
        url = url.replace(`:${name}`, encoded(value, rawness === 0) || '%20');
      });
      if (query !== null) url = `${url}?${query}`;
      const all: Record<string, string> = { ...headers };
      if (b.type !== undefined) all['content-type'] = b.type;
      return {
        route: `${route.method} ${route.path}`,
        method: route.method,
        url,
        headers: all,
        ...(b.payload === undefined ? {} : { payload: b.payload }),
        bodyKind: b.kind,
      };
    });
}

// ---------- the sweep: edge cases sent to every route, field by field ----------

/**
 * Days a date field must refuse or survive: the calendar's edges, what
 * JavaScript dates reach and PostgreSQL does not, impossible days, the product's bounds'
 * neighbours, other digits.
 */
export const DATE_EDGES = [
  '0001-01-01',
  '9999-12-31',
  '275760-09-13',
  '+275760-09-13',
  '-000001-01-01',
  '2026-02-30',
  '1999-12-31',
  '2101-01-01',
  '1970-01-01',
  '٢٠٢٦-٠١-٠١',
];

/** Numbers a number field must refuse or survive, as a query writes them. */
export const NUMBER_EDGES = [
  'NaN',
  '-1',
  '0',
  '1e400',
  '-1e400',
  '99999999999999999999999',
  '1.5',
  '-9007199254740993',
  'Infinity',
  '٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩',
];

/** Marks a JSON number token in a value, written raw by `jsonText` (JSON.stringify cannot). */
const RAW_NUMBER = '\uE000';
const rawNumber = (token: string) =>
  /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(token) ? `${RAW_NUMBER}${token}` : token;

/** JSON text of a value, its marked numbers written raw (1e400, 99999999999999999999999). */
function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    new RegExp(`"${RAW_NUMBER}([^"]*)"`, 'g'),
    (_match, token: string) => token,
  );
}

const codePoints = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

/**
 * Characters no text a person types may hold, by kind. C0 (tab and line breaks aside, which
 * are their own kind) and C1 are refused on every route by plugins/input-guard.ts; line breaks
 * and the bidi controls, which can disguise text (U+202E shows «exe.txt» for «txt.exe»), by
 * each field's schema (src/domain/text.ts).
 */
export const CONTROL_KINDS = {
  'C0 control': [
    ...codePoints(0x00, 0x08),
    '\u000B',
    '\u000C',
    ...codePoints(0x0e, 0x1f),
    '\u007F',
  ],
  'C1 control': codePoints(0x80, 0x9f),
  'line break': ['\r', '\n', '\r\n'],
  'bidi embedding or override': codePoints(0x202a, 0x202e),
  'bidi isolate': codePoints(0x2066, 0x2069),
} as const;
export type ControlKind = keyof typeof CONTROL_KINDS;

/** One text of each kind, an Arabic word around a character the seed picks: runs vary. */
export function controlTexts(seed: number): Record<ControlKind, string> {
  const pick = (list: readonly string[], salt: number) =>
    list[Math.abs(seed * 31 + salt) % list.length] ?? '';
  return Object.fromEntries(
    Object.entries(CONTROL_KINDS).map(([kind, list], i) => [kind, `نص${pick(list, i)}تجريبي`]),
  ) as Record<ControlKind, string>;
}

/** A field a person types freely: a string with no list, constant or pattern. */
function isTextField(schema: JsonSchema): boolean {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.some(isTextField);
  return (
    schema.type === 'string' &&
    !schema.enum &&
    schema.const === undefined &&
    schema.pattern === undefined
  );
}

/** Query days, and the lease's first and last days a contract signing names. */
const isDateField = (name: string) =>
  /^(from|to|day|date)$/i.test(name) || /(StartsOn|EndsOn)$/.test(name);
const isNumberField = (schema: JsonSchema) =>
  [schema.type].flat().some((type) => type === 'number' || type === 'integer');

/** A value the field takes, or as near as the name says: what a real caller would send. */
function baseFor(schema: JsonSchema, known: KnownValues, name: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const choice = choices.find((c) => c.type !== 'null') ?? choices[0];
    return choice ? baseFor(choice, known, name) : null;
  }
  const [type] = [schema.type].flat();
  if (type === 'object') return baseObject(schema, known);
  if (type === 'array') {
    return (schema.minItems ?? 0) > 0 ? [baseFor(schema.items ?? {}, known, name)] : [];
  }
  if (type === 'boolean') return true;
  if (type === 'number' || type === 'integer') return Math.max(schema.minimum ?? 1, 1);
  if (/EndsOn$/.test(name)) return '2026-12-31';
  if (isDateField(name)) return '2026-01-01';
  const rules: [RegExp, unknown][] = [
    [/^contractId$/, '20127868659/1'],
    [/phone/i, known.phones[0] ?? '0551234567'],
    [/password/i, 'secret123'],
    [/otp|code/i, '1234'],
    [/token/i, known.tokens[0]],
    [/(^id|Id|ids)$/, known.ids[0]],
    [/iban|bank/i, 'SA0380000000608010167519'],
    [/email/i, 'broker@example.com'],
    [/url/i, 'https://example.com/'],
    [/name/i, 'محمد أحمد'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1] ?? 'نص تجريبي';
}

function baseObject(schema: JsonSchema, known: KnownValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [
      name,
      baseFor(field, known, name),
    ]),
  );
}

/** A sweep request: what it carries, and in which fields (`?key` for a query key). */
export type SweepRequest = FuzzRequest & { fields: string[] };

/** The route's path with its parameters filled as a real caller would. */
function basePath(route: FuzzRoute, known: KnownValues): string {
  let url = route.path;
  for (const name of paramNames(route.path)) {
    const realOnes = knownFor(name, known);
    const value =
      route.params?.properties?.[name]?.enum?.[0] ??
      realOnes[0] ??
      baseFor({ type: 'string' }, known, name);
    url = url.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  return url;
}

/**
 * A request to the route, its query and body filled as a real caller would, but for the fields
 * `value` gives a value to (named in `fields`).
 */
function sweepRequest(
  route: FuzzRoute,
  known: KnownValues,
  bodyKind: string,
  value: (name: string, schema: JsonSchema) => unknown,
): SweepRequest | null {
  const fields: string[] = [];
  const fill = (entries: [string, JsonSchema][], prefix: string) =>
    entries.map(([name, schema]): [string, unknown] => {
      const given = value(name, schema);
      if (given === undefined) return [name, baseFor(schema, known, name)];
      fields.push(`${prefix}${name}`);
      return [name, given];
    });
  const query = fill(Object.entries(route.query?.properties ?? {}), '?');
  const body = route.body
    ? Object.fromEntries(fill(Object.entries(route.body.properties ?? {}), ''))
    : null;
  if (fields.length === 0) return null;
  const search = new URLSearchParams(
    query.map(([name, v]): [string, string] => [name, String(v)]),
  ).toString();
  return {
    route: `${route.method} ${route.path}`,
    method: route.method,
    url: `${basePath(route, known)}${search ? `?${search}` : ''}`,
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { payload: jsonText(body) } : {}),
    bodyKind,
    fields,
  };
}

/** One request per kind of control text, in every text field of the query and the body. */
export function textSweep(
  route: FuzzRoute,
  known: KnownValues,
  texts: Record<ControlKind, string>,
): (SweepRequest & { control: ControlKind })[] {
  return (Object.keys(texts) as ControlKind[]).flatMap((control) => {
    const request = sweepRequest(route, known, `${control} in every text field`, (_name, schema) =>
      isTextField(schema) ? texts[control] : undefined,
    );
    return request ? [{ ...request, control }] : [];
  });
}

/**
 * Out-of-range days in every date field, then numbers in every number field, edge by edge; the
 * other fields as a real caller fills them, so an edge that validation lets through reaches
 * the handler and the database (as `from=0001-01-01` did).
 */
export function edgeSweep(route: FuzzRoute, known: KnownValues): SweepRequest[] {
  const days = DATE_EDGES.map((day) =>
    sweepRequest(route, known, `day ${day}`, (name) => (isDateField(name) ? day : undefined)),
  );
  const numbers = NUMBER_EDGES.map((number) =>
    sweepRequest(route, known, `number ${number}`, (name, schema) => {
      if (!isNumberField(schema)) return undefined;
      // A query carries text; a body the number itself, raw, when JSON can write it.
      return route.query?.properties?.[name] === schema ? number : rawNumber(number);
    }),
  );
  return [...days, ...numbers].filter((request): request is SweepRequest => request !== null);
}
