/**
 * Signed outgoing webhooks: the events other systems may subscribe to, and
 * how each request is signed. docs/webhooks.md is the receiver's documentation.
 */

export const WEBHOOK_EVENTS = [
  'referral.created',
  'referral.status_changed',
  'tenant_form.submitted',
  'commission.created',
  'commission.reversed',
  'payout.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'referral.created': 'إحالة جديدة',
  'referral.status_changed': 'تغيّر حالة إحالة',
  'tenant_form.submitted': 'إرسال المستأجر بياناته',
  'commission.created': 'إضافة عمولة',
  'commission.reversed': 'إلغاء عمولة',
  'payout.paid': 'تحويل مبلغ للوسيط',
};

export const webhookEventLabel = (event: WebhookEvent): string => EVENT_LABELS[event];

/** True for an event type this product sends (a document read back names its events as text). */
export const isWebhookEvent = (type: string): type is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(type);

/**
 * The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with the endpoint's secret. Receivers recompute it and refuse a timestamp older than
 * WEBHOOK_TOLERANCE_SECONDS, so a captured request cannot be replayed later.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-shareek-signature';
export const WEBHOOK_EVENT_HEADER = 'x-shareek-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-shareek-delivery';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// ---------- the addresses webhooks may reach ----------
//
// An endpoint is somebody else's server on the internet. The addresses below
// are refused when an endpoint is saved and again on the very address each delivery connects
// to (src/server/webhooks/address-guard.ts), unless the super-admin setting
// `webhook_private_ranges` lists the range on purpose; cloud metadata services, never.
//
// Every address is held as 128 bits, an IPv4 address as its IPv4-mapped form ::ffff:a.b.c.d
// (RFC 4291 §2.5.5.2): that is where a packet to the mapped form goes, so one matcher judges
// `127.0.0.1` and `[::ffff:127.0.0.1]` alike.

/** A range of addresses: its first address and how many leading bits all of it shares. */
export type AddressRange = { readonly base: bigint; readonly prefix: number };

const LOW32 = 0xffff_ffffn;
const MAPPED = 0xffffn << 32n;
const isIpv4Bits = (bits: bigint) => bits >> 32n === 0xffffn;
const ipv4Bits = (low32: bigint) => MAPPED | (low32 & LOW32);

// Decimal octets without leading zeros: `010` is octal to some parsers and decimal to others.
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const HEXTET = /^[0-9a-f]{1,4}$/i;

function parseIpv4(text: string): bigint | null {
  if (!IPV4.test(text)) return null;
  return text.split('.').reduce((bits, octet) => (bits << 8n) | BigInt(octet), 0n);
}

function parseIpv6(text: string): bigint | null {
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) stands for the last two groups.
  let head = text;
  let tail = 0n;
  if (text.includes('.')) {
    const at = text.lastIndexOf(':');
    const ipv4 = at < 0 ? null : parseIpv4(text.slice(at + 1));
    if (ipv4 === null) return null;
    head = `${text.slice(0, at + 1)}0:0`;
    tail = ipv4;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  if (![...left, ...right].every((group) => HEXTET.test(group))) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  return all.reduce((bits, group) => (bits << 16n) | BigInt(`0x${group}`), 0n) | tail;
}

/** An IP address as written by a URL parser or a resolver (no brackets, no zone), or null. */
function parseAddress(text: string): bigint | null {
  const ipv4 = parseIpv4(text);
  return ipv4 === null ? parseIpv6(text) : ipv4Bits(ipv4);
}

/** `a.b.c.d/n`, `x:y::z/n`, or one address alone; null unless it is exactly a network. */
function parseRange(text: string): AddressRange | null {
  const [address = '', length, extra] = text.split('/');
  if (extra !== undefined || (length !== undefined && !/^\d{1,3}$/.test(length))) return null;
  const ipv4 = IPV4.test(address);
  const base = parseAddress(address);
  const bits = length === undefined ? (ipv4 ? 32 : 128) : Number(length);
  if (base === null || bits > (ipv4 ? 32 : 128)) return null;
  const prefix = ipv4 ? 96 + bits : bits;
  // Host bits set (`10.1.2.3/8`) is more likely a typing slip than a wish: refused, not rounded.
  if ((base & ((1n << BigInt(128 - prefix)) - 1n)) !== 0n) return null;
  return { base, prefix };
}

const within = (range: AddressRange, bits: bigint) =>
  range.prefix === 0 ||
  bits >> BigInt(128 - range.prefix) === range.base >> BigInt(128 - range.prefix);

/** One of this module's own ranges: a typing slip in them fails at load, not in silence. */
function known(text: string): AddressRange {
  const range = parseRange(text);
  if (!range) throw new Error(`not an address range: ${text}`);
  return range;
}

/**
 * `webhook_private_ranges` read: CIDR ranges separated by commas (`10.20.0.0/16, fd12::/48`;
 * a bare address is that one address), empty for none. Null when any part is not a range.
 */
export function parseAddressRanges(text: string): AddressRange[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const parsed = parts.map(parseRange);
  return parsed.every((range) => range !== null) ? parsed : null;
}

/**
 * IPv4 that no endpoint on the internet has (RFC 6890, the special-purpose registry): this
 * network and 0.0.0.0 (RFC 1122), private (RFC 1918), carrier-grade NAT (RFC 6598), loopback,
 * link-local (RFC 3927), IETF protocol assignments, documentation (RFC 5737), the retired 6to4
 * relay (RFC 7526), benchmarking (RFC 2544), multicast (RFC 5771), reserved and broadcast.
 */
const INTERNAL_IPV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map(known);

/**
 * IPv6 endpoints are global unicast, 2000::/3 (RFC 4291 §2.4): that leaves out unspecified,
 * loopback, unique-local fc00::/7 (RFC 4193), link-local, site-local, multicast, discard-only
 * (RFC 6666) and local NAT64 (RFC 8215). Inside it: documentation (RFC 3849, RFC 9637),
 * benchmarking (RFC 5180) and ORCHID (RFC 4843, RFC 7343), never routed.
 */
const GLOBAL_IPV6 = known('2000::/3');
const INTERNAL_IN_GLOBAL_IPV6 = [
  '2001:db8::/32',
  '3fff::/20',
  '2001:2::/48',
  '2001:10::/28',
  '2001:20::/28',
].map(known);

/**
 * Cloud metadata services hand out the server's credentials: refused whatever the setting
 * says. AWS, GCP, Azure, Oracle (169.254.169.254), AWS ECS (169.254.170.2), AWS and GCP over
 * IPv6 (fd00:ec2::254, fd20:ce::254), Alibaba (100.100.100.200).
 */
const METADATA_ADDRESSES = [
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  'fd00:ec2::254',
  'fd20:ce::254',
].map((address) => known(address).base);

/** GCP's by name, also bare (`metadata`, which its DNS search domain completes). */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata']);

/** A metadata service's host name in any case, with or without the root's trailing dot. */
export const isMetadataHostName = (name: string): boolean =>
  METADATA_NAMES.has(name.toLowerCase().replace(/\.+$/, ''));

const COMPATIBLE = known('::/96');
const NAT64 = known('64:ff9b::/96');
const SIX_TO_FOUR = known('2002::/16');
const TEREDO = known('2001::/32');

/**
 * Where a packet to the address really goes, or through: the IPv4 address inside an
 * IPv4-compatible (RFC 4291 §2.5.5.1) or NAT64 (RFC 6052) address, which is its destination;
 * a 6to4 (RFC 3056) or Teredo (RFC 4380: server, and client stored inverted) address together
 * with the IPv4 tunnel ends it names.
 */
function destinations(bits: bigint): bigint[] {
  // :: and ::1 are IPv6's own unspecified and loopback addresses, not compatible ones.
  if (within(COMPATIBLE, bits) && bits > 1n) return [ipv4Bits(bits)];
  if (within(NAT64, bits)) return [ipv4Bits(bits)];
  if (within(SIX_TO_FOUR, bits)) return [bits, ipv4Bits(bits >> 80n)];
  if (within(TEREDO, bits)) {
    return [bits, ipv4Bits(bits >> 64n), ipv4Bits((bits & LOW32) ^ LOW32)];
  }
  return [bits];
}

function isInternal(bits: bigint): boolean {
  if (isIpv4Bits(bits)) return INTERNAL_IPV4.some((range) => within(range, bits));
  return !within(GLOBAL_IPV6, bits) || INTERNAL_IN_GLOBAL_IPV6.some((range) => within(range, bits));
}

/** Why an address is no webhook's: a metadata service, or internal and not allowed. */
export type AddressRefusal = 'metadata' | 'internal';

/**
 * Judges one IP address (no brackets): null when a webhook may go there. An address that does
 * not parse is refused, so a form this parser misses can never slip through.
 */
export function addressRefusal(
  address: string,
  allowed: readonly AddressRange[],
): AddressRefusal | null {
  const bits = parseAddress(address);
  if (bits === null) return 'internal';
  const reached = destinations(bits);
  if (reached.some((each) => METADATA_ADDRESSES.includes(each))) return 'metadata';
  const refused = reached.some(
    (each) => isInternal(each) && !allowed.some((range) => within(range, each)),
  );
  return refused ? 'internal' : null;
}
