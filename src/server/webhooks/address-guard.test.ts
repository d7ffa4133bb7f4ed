import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { webhookEndpoints as webhookContract } from '#contract/webhooks';
import {
  type AddressRefusal,
  addressRefusal,
  parseAddressRanges,
  type WebhookEvent,
} from '#domain';
import {
  type OutboundMessage,
  outboundMessages,
  systemConfig,
  webhookEndpoints,
} from '../db/schema.js';
import { DeliveryError, PROVIDER_TIMEOUT_MS } from '../integrations/delivery.js';
import { type Caller, client } from '../test-support/client.js';
import { aSuperAdmin } from '../test-support/factories.js';
import type { ApiError, ValidationError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';
import { type ResolvedAddress, savedHostRefusal } from './address-guard.js';
import { type DeliveryOptions, sendWebhook } from './delivery.js';
import { queueWebhookEvent } from './events.js';
import { checkEndpointUrl } from './service.js';

// Webhooks reach only the outside world. Every spelling of an internal or
// metadata address is refused when saved and when sent; a listener on every loopback address
// (`::`, dual-stack) stands where each of them would land and must hear nothing, unless a
// super-admin allowed 127.0.0.0/8 on purpose.

const INTERNAL_MESSAGE = 'لا يمكن إرسال الأحداث إلى عنوان داخلي في الشبكة';
const RANGES_KEY = 'webhook_private_ranges';

type Listener = { server: Server; port: number; connections: number; hosts: string[] };

/** A receiver that counts every connection made to it, answering 204 (302 on /redirect). */
async function aListener(host: string, redirectTo = ''): Promise<Listener> {
  const listener: Listener = { server: createServer(), port: 0, connections: 0, hosts: [] };
  listener.server.on('connection', () => {
    listener.connections++;
  });
  listener.server.on('request', (request, response) => {
    listener.hosts.push(String(request.headers.host));
    request.resume();
    request.on('end', () => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: redirectTo }).end();
      } else {
        response.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => listener.server.listen(0, host, resolve));
  listener.port = (listener.server.address() as AddressInfo).port;
  return listener;
}

let superAdmin: TestBroker;
/** Where every loopback spelling lands: 127.0.0.1, ::1, ::ffff:127.0.0.1, 0.0.0.0, ::. */
let trap: Listener;
/** Another receiver, only ever named by a redirect. */
let elsewhere: Listener;

beforeAll(async () => {
  elsewhere = await aListener('127.0.0.1');
  trap = await aListener('::', `http://127.0.0.1:${elsewhere.port}/moved`);
});
afterAll(async () => {
  for (const { server } of [trap, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
const t = sharedTestApp({}, { outbox: { backoffBaseMs: 20, pollMs: 60_000 } });
beforeAll(async () => {
  superAdmin = await aSuperAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);

async function setRanges(value: string) {
  const set = await as(superAdmin).call(adminSettingsEndpoints.set, {
    body: { key: RANGES_KEY, value },
  });
  expect(set.statusCode, set.body).toBe(200);
}

/** Every form the issue saw accepted, and the rest of the special-purpose registry. */
const REFUSED_FORMS = (port: number): [string, AddressRefusal][] => [
  // Loopback, in every spelling a URL parser or a resolver turns into it.
  [`http://127.0.0.1:${port}/in`, 'internal'],
  [`https://127.0.0.1:${port}/in`, 'internal'],
  [`http://localhost:${port}/in`, 'internal'],
  [`http://2130706433:${port}/in`, 'internal'],
  [`http://0177.0.0.1:${port}/in`, 'internal'],
  [`http://0x7f000001:${port}/in`, 'internal'],
  [`http://127.1:${port}/in`, 'internal'],
  [`http://%31%32%37.0.0.1:${port}/in`, 'internal'],
  [`http://[::1]:${port}/in`, 'internal'],
  [`http://[::ffff:127.0.0.1]:${port}/in`, 'internal'],
  [`http://[::127.0.0.1]:${port}/in`, 'internal'],
  [`http://[64:ff9b::127.0.0.1]:${port}/in`, 'internal'],
  [`http://[2002:7f00:1::1]:${port}/in`, 'internal'],
  // Unspecified: connecting to it reaches this machine.
  [`http://0.0.0.0:${port}/in`, 'internal'],
  [`http://0:${port}/in`, 'internal'],
  [`http://[::]:${port}/in`, 'internal'],
  // Private (RFC 1918), carrier-grade NAT (RFC 6598), link-local, unique-local (RFC 4193).
  ['http://10.0.0.1/in', 'internal'],
  ['http://172.16.0.1/in', 'internal'],
  ['http://172.31.255.254/in', 'internal'],
  ['http://192.168.1.1/in', 'internal'],
  ['http://[::ffff:10.0.0.1]/in', 'internal'],
  ['http://[::ffff:c0a8:101]/in', 'internal'],
  ['http://100.64.0.1/in', 'internal'],
  ['http://100.127.255.254/in', 'internal'],
  ['http://169.254.1.1/in', 'internal'],
  ['http://[fe80::1]/in', 'internal'],
  ['http://[fc00::1]/in', 'internal'],
  ['http://[fd12:3456::1]/in', 'internal'],
  // Multicast, reserved, broadcast, documentation, benchmarking.
  ['http://224.0.0.1/in', 'internal'],
  ['http://239.255.255.250/in', 'internal'],
  ['http://240.0.0.1/in', 'internal'],
  ['http://255.255.255.255/in', 'internal'],
  ['http://[ff02::1]/in', 'internal'],
  ['http://192.0.2.1/in', 'internal'],
  ['http://198.18.0.1/in', 'internal'],
  ['http://[2001:db8::1]/in', 'internal'],
  // Teredo whose client (stored inverted) is 192.168.0.1.
  ['http://[2001:0:4136:e378:8000:63bf:3f57:fffe]/in', 'internal'],
  // Cloud metadata, by address and by name.
  ['http://169.254.169.254/latest/meta-data', 'metadata'],
  ['http://[::ffff:169.254.169.254]/latest', 'metadata'],
  ['http://[64:ff9b::a9fe:a9fe]/latest', 'metadata'],
  ['http://[fd00:ec2::254]/latest', 'metadata'],
  ['http://169.254.170.2/v2/credentials', 'metadata'],
  ['http://100.100.100.200/latest', 'metadata'],
  ['http://metadata.google.internal/computeMetadata/v1', 'metadata'],
  ['http://metadata.google.internal./computeMetadata/v1', 'metadata'],
  ['http://METADATA.Google.Internal./computeMetadata/v1', 'metadata'],
  ['http://metadata/computeMetadata/v1', 'metadata'],
  ['http://Metadata./computeMetadata/v1', 'metadata'],
];

describe('the ranges', () => {
  it('every internal address is refused in every notation, public ones pass', () => {
    const cases: [string, AddressRefusal | null][] = [
      ['127.0.0.1', 'internal'],
      ['127.255.255.254', 'internal'],
      ['::1', 'internal'],
      ['0:0:0:0:0:0:0:1', 'internal'],
      ['::ffff:127.0.0.1', 'internal'],
      ['::ffff:7f00:1', 'internal'],
      ['0.0.0.0', 'internal'],
      ['::', 'internal'],
      ['10.1.2.3', 'internal'],
      ['172.20.0.1', 'internal'],
      ['192.168.255.255', 'internal'],
      ['100.100.0.1', 'internal'],
      ['169.254.0.1', 'internal'],
      ['fe80::abcd', 'internal'],
      ['febf::1', 'internal'],
      ['fec0::1', 'internal'],
      ['fdff:ffff::1', 'internal'],
      ['64:ff9b::10.0.0.1', 'internal'],
      ['64:ff9b:1::1', 'internal'],
      ['2002:c0a8:101::1', 'internal'],
      ['2001:0:7f00:1::1', 'internal'],
      ['100::1', 'internal'],
      ['169.254.169.254', 'metadata'],
      ['fd00:ec2::254', 'metadata'],
      ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
      ['fd20:ce::254', 'metadata'],
      ['::ffff:a9fe:a9fe', 'metadata'],
      ['::169.254.169.254', 'metadata'],
      ['2002:a9fe:a9fe::1', 'metadata'],
      // Anything that does not parse is refused, never guessed at.
      ['fe80::1%eth0', 'internal'],
      ['010.0.0.1', 'internal'],
      ['not-an-address', 'internal'],
      // The outside world, including just past each range's edge.
      ['8.8.8.8', null],
      ['93.184.215.14', null],
      ['11.0.0.1', null],
      ['172.15.255.255', null],
      ['172.32.0.1', null],
      ['100.63.255.255', null],
      ['100.128.0.1', null],
      ['169.253.255.255', null],
      ['192.167.255.255', null],
      ['223.255.255.255', null],
      ['2606:4700:4700::1111', null],
      ['::ffff:8.8.8.8', null],
      ['64:ff9b::8.8.8.8', null],
      ['2002:808:808::1', null],
      ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', null],
    ];
    for (const [address, expected] of cases) {
      expect(addressRefusal(address, []), address).toBe(expected);
    }
  });

  it('a range a super-admin allows opens that range only; metadata stays closed', () => {
    const loopback = parseAddressRanges('127.0.0.0/8') ?? [];
    expect(addressRefusal('127.0.0.1', loopback)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', loopback)).toBeNull();
    expect(addressRefusal('64:ff9b::127.0.0.1', loopback)).toBeNull();
    expect(addressRefusal('::1', loopback)).toBe('internal');
    expect(addressRefusal('10.0.0.1', loopback)).toBe('internal');
    const everything = parseAddressRanges('0.0.0.0/0, ::/0') ?? [];
    expect(addressRefusal('10.0.0.1', everything)).toBeNull();
    expect(addressRefusal('fd00:ec2::1', everything)).toBeNull();
    expect(addressRefusal('169.254.169.254', everything)).toBe('metadata');
    expect(addressRefusal('fd00:ec2::254', everything)).toBe('metadata');
    expect(addressRefusal('100.100.100.200', everything)).toBe('metadata');
  });

  it('the setting reads CIDR ranges and single addresses, and nothing else', () => {
    for (const [text, count] of [
      ['', 0],
      [' , ', 0],
      ['127.0.0.0/8', 1],
      ['10.20.0.0/16, fd12:3456::/32 ,192.168.1.5', 3],
      ['::1', 1],
      ['0.0.0.0/0', 1],
      ['::ffff:127.0.0.0/104', 1],
    ] as const) {
      expect(parseAddressRanges(text), text).toHaveLength(count);
    }
    for (const text of [
      '127.0.0.1/8',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      '10.0.0.0/-1',
      '010.0.0.0/8',
      '10.0.0',
      '256.0.0.0/8',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      ':1::',
      'fd00::/7x',
      '127.0.0.0/8, nonsense',
    ]) {
      expect(parseAddressRanges(text), text).toBeNull();
    }
  });
});

describe('when an endpoint is saved', () => {
  it('waits for a resolver that never answers no longer than a delivery would, then leaves it to the delivery', async () => {
    vi.useFakeTimers();
    try {
      const judged = savedHostRefusal('hangs.example', [], () => new Promise(() => {}));
      await vi.advanceTimersByTimeAsync(PROVIDER_TIMEOUT_MS);
      expect(await judged).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('every internal and metadata spelling is a 400 in Arabic on the url field, and nothing is reached', async () => {
    await setRanges('');
    const before = trap.connections;
    for (const [url] of REFUSED_FORMS(trap.port)) {
      const refused = await as(superAdmin).call(webhookContract.create, {
        body: {
          url,
          events: ['payout.paid'],
        },
      });
      expect(refused.statusCode, url).toBe(400);
      const error = refused.json<ValidationError>();
      expect(error.message, url).toBe(INTERNAL_MESSAGE);
      expect(error.fields.url).toBe(INTERNAL_MESSAGE);
    }
    expect(await t.database.db.select().from(webhookEndpoints)).toEqual([]);
    // Changing an endpoint's address is checked the same way.
    const made = await as(superAdmin).call(webhookContract.create, {
      body: { url: 'https://[2606:4700:4700::1111]/in', events: ['payout.paid'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const moved = await as(superAdmin).call(webhookContract.update, {
      params: { id: made.json().endpoint.id },
      body: { url: `http://[::ffff:127.0.0.1]:${trap.port}/in` },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<ApiError>().message).toBe(INTERNAL_MESSAGE);
    await as(superAdmin).call(webhookContract.remove, { params: { id: made.json().endpoint.id } });
    expect(trap.connections).toBe(before);
  });

  it('a name is judged by every address it resolves to', async () => {
    const resolving =
      (...addresses: string[]) =>
      async (): Promise<ResolvedAddress[]> =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const policy = (resolve: () => Promise<ResolvedAddress[]>) => ({
      requireHttps: true,
      allowed: [],
      resolve,
    });
    const url = 'https://hooks.partner.example/in';
    for (const inside of [
      resolving('10.0.0.7'),
      resolving('127.0.0.1'),
      resolving('::1'),
      // One public address does not excuse an internal one: the connection could take either.
      resolving('93.184.215.14', '192.168.0.10'),
      resolving('2606:4700:4700::1111', 'fd00:ec2::254'),
    ]) {
      await expect(checkEndpointUrl(url, policy(inside))).rejects.toThrow(INTERNAL_MESSAGE);
    }
    expect(await checkEndpointUrl(url, policy(resolving('93.184.215.14', '2606:4700::1')))).toBe(
      url,
    );
    // A name that does not resolve yet is taken: each delivery resolves and judges it again.
    const nowhere = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await checkEndpointUrl(url, policy(nowhere))).toBe(url);
    // A metadata name is refused before anything is asked of DNS.
    let asked = 0;
    const counting = async () => {
      asked++;
      return [];
    };
    await expect(
      checkEndpointUrl('https://metadata.google.internal./x', policy(counting)),
    ).rejects.toThrow(INTERNAL_MESSAGE);
    expect(asked).toBe(0);
  });

  it('loopback is taken once a super-admin allows 127.0.0.0/8; the rest stays refused', async () => {
    await setRanges('127.0.0.0/8');
    const made: string[] = [];
    for (const url of [
      `http://127.0.0.1:${trap.port}/allowed`,
      `http://localhost:${trap.port}/allowed`,
      `http://2130706433:${trap.port}/allowed`,
    ]) {
      const saved = await as(superAdmin).call(webhookContract.create, {
        body: { url, events: ['payout.paid'] },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      made.push(saved.json().endpoint.id);
    }
    for (const url of [
      `http://[::1]:${trap.port}/in`,
      'http://10.0.0.1/in',
      'http://169.254.169.254/latest',
      'http://metadata/computeMetadata',
    ]) {
      const refused = await as(superAdmin).call(webhookContract.create, {
        body: {
          url,
          events: ['payout.paid'],
        },
      });
      expect(refused.statusCode, url).toBe(400);
    }
    for (const id of made) await as(superAdmin).call(webhookContract.remove, { params: { id } });
    await setRanges('');
  });
});

/** Endpoints saved straight to the table (as before this check, or by a name that moved). */
async function endpointsAt(urls: readonly string[], event: WebhookEvent) {
  return t.database.db
    .insert(webhookEndpoints)
    .values(urls.map((url) => ({ url, events: [event], secret: 'whsec_test' })))
    .returning();
}

/** One payout.paid event queued for every endpoint, sent by the outbox; their rows after. */
async function deliverTo(urls: readonly string[]) {
  const endpoints = await endpointsAt(urls, 'payout.paid');
  await queueWebhookEvent(t.database.db, 'payout.paid', {
    payout: { id: 'p-1', kind: 'commission', amount: '500.00', transferReference: 'BANK-1' },
    broker: { id: superAdmin.id },
  });
  await t.app.outbox.drain();
  const ids = endpoints.map((endpoint) => endpoint.id);
  const rows = await t.database.db
    .select()
    .from(outboundMessages)
    .where(inArray(outboundMessages.webhookEndpointId, ids));
  // They hear nothing from later tests.
  await t.database.db
    .update(webhookEndpoints)
    .set({ active: false })
    .where(inArray(webhookEndpoints.id, ids));
  return endpoints.map((endpoint) => {
    const row = rows.find((r) => r.webhookEndpointId === endpoint.id);
    if (!row) throw new Error(`no delivery for ${endpoint.url}`);
    return row;
  });
}

/**
 * A delivery row for one endpoint, due tomorrow so the worker leaves it to the test (and to an
 * event deliverTo never queues).
 */
async function aRowFor(url: string): Promise<OutboundMessage> {
  const [endpoint] = await endpointsAt([url], 'tenant_form.submitted');
  const [row] = await t.database.db
    .insert(outboundMessages)
    .values({
      channel: 'webhook',
      kind: 'webhook_event',
      dedupeKey: `test:${randomUUID()}`,
      recipient: url,
      body: '{"id":"e-1","type":"tenant_form.submitted","data":{}}',
      payload: { event: 'tenant_form.submitted', eventId: 'e-1' },
      webhookEndpointId: endpoint?.id ?? null,
      nextAttemptAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** What sendWebhook threw, as the outbox would record it. */
async function refusalOf(row: OutboundMessage, options: DeliveryOptions) {
  const error = await sendWebhook(t.database.db, row, options).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('when a delivery is sent', () => {
  it('every internal and metadata spelling fails at once with its reason, and no connection is made', async () => {
    await setRanges('');
    const forms = REFUSED_FORMS(trap.port);
    const before = trap.connections;
    const rows = await deliverTo(forms.map(([url]) => url));
    forms.forEach(([url, refusal], i) => {
      const row = rows[i];
      expect(row, url).toMatchObject({ status: 'failed', errorKind: 'config', attempts: 1 });
      expect(row?.lastError, url).toMatch(new RegExp(`^${refusal}_address: `));
      // Nothing the target could have said: no status, no connection error.
      expect(row?.lastError, url).not.toMatch(/HTTP|ECONN|connection|timeout/i);
    });
    expect(trap.connections).toBe(before);
    const log = await as(superAdmin).call(webhookContract.deliveries, {
      query: { status: 'failed' },
    });
    expect(log.json().items).toContainEqual(
      expect.objectContaining({
        failure: {
          code: 'internal_address',
          explanation: 'العنوان داخلي في الشبكة وغير مسموح به، فلم يُرسل إليه شيء',
        },
      }),
    );
  });

  it('a name is resolved once, every address judged, and the checked address is the one connected to', async () => {
    await setRanges('');
    const url = `http://receiver.partner.example:${trap.port}/pinned`;
    const row = await aRowFor(url);
    const asked: string[] = [];
    const resolvingTo =
      (...addresses: string[]) =>
      async (hostname: string): Promise<ResolvedAddress[]> => {
        asked.push(hostname);
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      };
    const before = trap.connections;
    // The name looked public when saved; now it answers loopback (DNS rebinding), or a
    // metadata address beside a public one.
    for (const [resolve, code] of [
      [resolvingTo('127.0.0.1'), 'internal_address'],
      [resolvingTo('::1'), 'internal_address'],
      [resolvingTo('93.184.215.14', '::ffff:127.0.0.1'), 'internal_address'],
      [resolvingTo('93.184.215.14', '169.254.169.254'), 'metadata_address'],
    ] as const) {
      expect((await refusalOf(row, { resolve })).code).toBe(code);
    }
    expect(asked).toEqual(Array(4).fill('receiver.partner.example'));
    // `localhost` through the system's own resolver (the hosts file).
    const local = await aRowFor(`http://localhost:${trap.port}/local`);
    expect((await refusalOf(local, {})).code).toBe('internal_address');
    expect(trap.connections).toBe(before);

    // Allowed on purpose, the name reaches the address that was checked: this name is in no
    // DNS, so only the guard's own answer can have taken the connection there.
    await setRanges('127.0.0.0/8');
    asked.length = 0;
    expect(await sendWebhook(t.database.db, row, { resolve: resolvingTo('127.0.0.1') })).toBe(
      'HTTP 204',
    );
    expect(asked).toEqual(['receiver.partner.example']);
    expect(trap.connections).toBe(before + 1);
    expect(trap.hosts.at(-1)).toBe(`receiver.partner.example:${trap.port}`);
    await setRanges('');
  });

  it('with 127.0.0.0/8 allowed on purpose, loopback receives; metadata never does', async () => {
    await setRanges('127.0.0.0/8, 169.254.0.0/16, fd00::/8');
    const before = trap.connections;
    const rows = await deliverTo([
      `http://127.0.0.1:${trap.port}/a`,
      `http://localhost:${trap.port}/b`,
      `http://2130706433:${trap.port}/c`,
      `http://[::ffff:127.0.0.1]:${trap.port}/d`,
      `http://[::1]:${trap.port}/e`,
      'http://169.254.169.254/latest',
      'http://[fd00:ec2::254]/latest',
      'http://metadata.google.internal./computeMetadata',
    ]);
    expect(rows.map((row) => row.status)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(rows.map((row) => row.lastError?.split(':')[0] ?? null)).toEqual([
      null,
      null,
      null,
      null,
      'internal_address',
      'metadata_address',
      'metadata_address',
      'metadata_address',
    ]);
    expect(trap.connections).toBe(before + 4);
    await setRanges('');
  });

  it('a redirect is not followed, not even to an allowed address', async () => {
    await setRanges('127.0.0.0/8');
    const before = elsewhere.connections;
    const [row] = await deliverTo([`http://127.0.0.1:${trap.port}/redirect`]);
    expect(row).toMatchObject({ status: 'queued', lastError: expect.stringContaining('HTTP 302') });
    expect(elsewhere.connections).toBe(before);
    await setRanges('');
  });

  it('a setting that is not a list of ranges allows nothing, says so and warns', async () => {
    // Stored by hand: the settings call does not yet check that each part is a real range.
    await t.database.db
      .insert(systemConfig)
      .values({ key: RANGES_KEY, value: '127.0.0.1/8' })
      .onConflictDoUpdate({ target: systemConfig.key, set: { value: '127.0.0.1/8' } });
    const row = await aRowFor(`http://127.0.0.1:${trap.port}/ignored`);
    const warnings: string[] = [];
    const before = trap.connections;
    const refused = await refusalOf(row, { warn: (message) => warnings.push(message) });
    expect(refused.code).toBe('internal_address');
    expect(refused.message).toContain('إعداد العناوين الداخلية المسموح بها غير صالح');
    expect(warnings).toEqual([
      'webhook_private_ranges is not a list of CIDR ranges: no private range is allowed',
    ]);
    expect(trap.connections).toBe(before);
    await t.database.db.delete(systemConfig).where(eq(systemConfig.key, RANGES_KEY));
  });

  it('production sends over https only', async () => {
    await setRanges('127.0.0.0/8');
    const row = await aRowFor(`http://127.0.0.1:${trap.port}/clear`);
    const before = trap.connections;
    expect((await refusalOf(row, { requireHttps: true })).code).toBe('insecure_url');
    expect(trap.connections).toBe(before);
    await setRanges('');
  });
});
