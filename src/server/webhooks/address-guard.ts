import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import {
  type AddressRange,
  type AddressRefusal,
  addressRefusal,
  isMetadataHostName,
  parseAddressRanges,
} from '#domain';
import type { Database } from '../db/client.js';
import { PROVIDER_TIMEOUT_MS } from '../integrations/delivery.js';
import { getSetting, WEBHOOK_PRIVATE_RANGES_KEY } from '../settings/service.js';

/**
 * Webhooks reach only the outside world (decision 048). A host is judged twice: when the
 * endpoint is saved (its literal address, or every address its name resolves to), and at each
 * delivery inside the connection's own `lookup`, so the address connected to is the very one
 * that was checked (no second resolution for DNS rebinding to slip between). The ranges and
 * their RFCs are in src/domain/webhooks.ts.
 */

export type ResolvedAddress = { address: string; family: number };

/** Every address a host name has (hosts file, then DNS). Tests inject their own. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true });

/** A connection that was not made: the host is internal or a metadata service. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
  constructor(readonly refusal: AddressRefusal) {
    super(`webhook address refused: ${refusal}`);
  }
}

/** A URL's host as the connection sees it: `[::1]` is the address `::1`. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What can be said of a host without resolving it: an IP address is judged, a metadata
 * service's name refused. Null for any other name (its addresses decide).
 */
export function hostRefusal(
  hostname: string,
  allowed: readonly AddressRange[],
): AddressRefusal | null {
  const host = bareHost(hostname);
  if (isIP(host) !== 0) return addressRefusal(host, allowed);
  return isMetadataHostName(host) ? 'metadata' : null;
}

/** A name is refused if any one of its addresses is: the connection could go to any of them. */
const anyRefused = (addresses: readonly ResolvedAddress[], allowed: readonly AddressRange[]) =>
  addresses.reduce<AddressRefusal | null>(
    (found, { address }) => found ?? addressRefusal(address, allowed),
    null,
  );

/**
 * The save-time check: the host, then every address its name has now. A name that does not
 * resolve (yet), or not within PROVIDER_TIMEOUT_MS (a super-admin's save never waits on a slow
 * resolver longer than a delivery would), is let through: each delivery resolves and judges it
 * again, inside the delivery's own deadline.
 */
export async function savedHostRefusal(
  hostname: string,
  allowed: readonly AddressRange[],
  resolve: Resolve,
): Promise<AddressRefusal | null> {
  const refusal = hostRefusal(hostname, allowed);
  if (refusal || isIP(bareHost(hostname)) !== 0) return refusal;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ResolvedAddress[]>((settle) => {
    timer = setTimeout(() => settle([]), PROVIDER_TIMEOUT_MS);
  });
  const addresses = await Promise.race([
    resolve(bareHost(hostname)).catch((): ResolvedAddress[] => []),
    deadline,
  ]).finally(() => clearTimeout(timer));
  return anyRefused(addresses, allowed);
}

/**
 * The `lookup` a delivery's connection uses: resolves the name once, judges every address it
 * has and answers only when all pass, so the socket connects to an address that was checked.
 * Node asks for one address or, choosing between families, for all of them (`all: true`).
 */
export function guardedLookup(allowed: readonly AddressRange[], resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const [first] = addresses;
        const refusal = anyRefused(addresses, allowed);
        if (refusal) {
          callback(new RefusedAddressError(refusal), '', 0);
        } else if (!first) {
          callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * The ranges the super-admin opened on purpose. A stored value that is not a list of ranges
 * opens nothing (`valid: false`, for the caller to report): failing closed.
 */
export async function allowedRanges(
  db: Pick<Database, 'select'>,
): Promise<{ ranges: AddressRange[]; valid: boolean }> {
  const stored = (await getSetting(db, WEBHOOK_PRIVATE_RANGES_KEY)) ?? '';
  const ranges = parseAddressRanges(stored);
  return { ranges: ranges ?? [], valid: ranges !== null };
}
