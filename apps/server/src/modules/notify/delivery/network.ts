import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { type ClientHttp2Session, connect as http2Connect } from 'node:http2';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Which addresses the notification platform may connect to (docs/PROVIDERS.md "Outbound
 * requests"). Every outbound connection of delivery — vendor APIs, webhooks, chat webhooks, SMTP
 * hosts of custom SMTP integrations, test sends — resolves its host name here and refuses
 * loopback, private, link-local (cloud metadata), CGNAT, unique-local IPv6 and other
 * non-public addresses unless the operator allows them (`NOTIFY_ALLOW_PRIVATE_NETWORKS`). The
 * address checked is the address connected to: the check runs inside the socket's `lookup`, so a
 * name that resolves differently a second time (DNS rebinding) cannot slip through.
 */

export type NetworkPolicy = {
  /** Every address allowed (NOTIFY_ALLOW_PRIVATE_NETWORKS=true). */
  allowPrivate?: boolean;
  /** Non-public ranges allowed nonetheless, e.g. `10.20.0.0/16`, `127.0.0.1/32`, `fd00::/8`. */
  allowCidrs?: readonly string[];
};

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata address)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (also fd00:ec2::254, a metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [address, prefix] of BLOCKED_V4) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of BLOCKED_V6) blocked.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 or IPv4-compatible IPv6 one. */
function embeddedV4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is public (not loopback, private, link-local, CGNAT, ULA, multicast…). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedV4(address);
  if (v4 !== undefined) return isPublicAddress(v4);
  return !blocked.check(address, 'ipv6');
}

/** A CIDR list as a BlockList (throws on a malformed entry: configuration is checked at start). */
function allowList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address = '', prefixText] = entry.trim().split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`not an IP range: ${entry}`);
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
      throw new Error(`not an IP range: ${entry}`);
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** The error of a refused address: stable text, no URL (URLs may carry secrets). */
export class AddressRefusedError extends Error {
  readonly code = 'ADDRESS_REFUSED';
  constructor(readonly address: string) {
    super(
      `refused: ${address} is a private, loopback or link-local address (set NOTIFY_ALLOW_PRIVATE_NETWORKS to allow it)`,
    );
    this.name = 'AddressRefusedError';
  }
}

export type AddressCheck = (address: string) => boolean;

/** The policy as a predicate: may this resolved address be connected to? */
export function addressCheck(policy: NetworkPolicy = {}): AddressCheck {
  if (policy.allowPrivate) return () => true;
  const allowed = policy.allowCidrs && policy.allowCidrs.length > 0 ? allowList(policy.allowCidrs) : null;
  return (address) => {
    if (isPublicAddress(address)) return true;
    if (!allowed) return false;
    const v4 = isIP(address) === 6 ? embeddedV4(address) : undefined;
    const plain = v4 ?? address;
    return allowed.check(plain, isIP(plain) === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * A `lookup` for sockets (net, tls, http2, undici) that resolves like the system resolver and
 * fails with AddressRefusedError when any resolved address is refused. IP literals are checked
 * as they are.
 */
export function checkedLookup(check: AddressCheck): LookupFunction {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    const all = (options as { all?: boolean }).all === true;
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error);
        return;
      }
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !check(entry.address));
      if (refused || list.length === 0) {
        callback(new AddressRefusedError(refused?.address ?? hostname));
        return;
      }
      if (all) callback(null, list);
      else callback(null, list[0]?.address, list[0]?.family);
    });
  }) as LookupFunction;
}

/** Resolves a host name once and checks it: the address to connect to (SMTP). */
export async function resolveChecked(hostname: string, check: AddressCheck): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    if (!check(bare)) throw new AddressRefusedError(bare);
    return bare;
  }
  return new Promise((resolve, reject) => {
    checkedLookup(check)(bare, {}, ((error: Error | null, address: string) =>
      error ? reject(error) : resolve(address)) as never);
  });
}

const agents = new Map<string, Agent>();

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '');

/**
 * The undici dispatcher of a policy (one per distinct policy, kept for the process): keep-alive
 * connections per vendor origin, every new connection's address checked (an IP literal before
 * connecting, a name in the socket's lookup).
 */
export function dispatcherFor(policy: NetworkPolicy = {}): Agent {
  const key = JSON.stringify({ all: policy.allowPrivate === true, cidrs: policy.allowCidrs ?? [] });
  let agent = agents.get(key);
  if (!agent) {
    const check = addressCheck(policy);
    const connector = buildConnector({ lookup: checkedLookup(check) });
    agent = new Agent({
      connect: (options, callback) => {
        const host = bareHost(options.hostname);
        if (isIP(host) && !check(host)) {
          callback(new AddressRefusedError(host), null);
          return;
        }
        connector(options, callback);
      },
      keepAliveTimeout: 10_000,
      connections: 64,
    });
    agents.set(key, agent);
  }
  return agent;
}

/** An HTTP/2 session (APNS) under the policy: `https:` over TLS, `http:` as h2c (local fakes). */
export function connectHttp2(origin: string, policy: NetworkPolicy = {}): ClientHttp2Session {
  const check = addressCheck(policy);
  const host = bareHost(new URL(origin).hostname);
  if (isIP(host) && !check(host)) throw new AddressRefusedError(host);
  return http2Connect(origin, { lookup: checkedLookup(check) });
}

/**
 * `NOTIFY_ALLOW_PRIVATE_NETWORKS`: unset or `false` → public addresses only; `true` → everything;
 * else a comma-separated list of CIDR ranges allowed besides public addresses.
 */
export function parseNetworkPolicy(value: string | undefined): NetworkPolicy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return {};
  if (text === 'true') return { allowPrivate: true };
  const allowCidrs = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  allowList(allowCidrs); // throws on a malformed entry
  return { allowCidrs };
}
