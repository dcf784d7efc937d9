/**
 * Where a webhook may be sent: an https address whose host resolves only to public addresses, so
 * an endpoint cannot make the server call its own network (the database, the metadata service of
 * a cloud host, an admin page on loopback). WEBHOOK_ALLOW_PRIVATE lifts both rules for a local
 * receiver (tests, development). The check runs at registration, and again when each request
 * connects (`guardedLookup`), so a name that later resolves elsewhere is refused too.
 */
import { promises as dns, type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP) is on a private, loopback, link-local, multicast or reserved range. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an address is refused (the API's message), or null when it may be registered. */
export async function addressRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an address (https://…)';
  }
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:'))
    return 'an https address is required';
  if (parsed.username || parsed.password) return 'an address with a user name or password is refused';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `the host ${host} does not resolve`;
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    return 'an address on a private or loopback range is refused';
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that refuses a host resolving to a private address. */
export const guardedLookup =
  (allowPrivate: boolean) =>
  (hostname: string, options: object, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused)
        return callback(
          Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
          [],
        );
      const wantsAll = (options as { all?: boolean }).all === true;
      if (wantsAll) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
