import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../types';

/**
 * Which proxies in front of the API may be believed about the client's address (TRUST_PROXY):
 * - `none`: the socket's address, `X-Forwarded-For` is ignored;
 * - `hops`: that many proxies append to `X-Forwarded-For`, so the client is the `hops`-th entry from the right;
 * - `list`: addresses/CIDRs of the proxies; entries are skipped from the right while they are one of them.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; trusted: BlockList; text: string };

/** `::ffff:203.0.113.9` is the IPv4 address it carries. */
function normalize(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/**
 * Reads TRUST_PROXY: `false` (or `0`), a number of trusted hops (`true` = 1, the usual single load balancer), or a
 * comma-separated list of proxy addresses and CIDRs. Throws a Spanish message for anything else.
 *
 * @example
 * parseTrustProxy('1') // { kind: 'hops', hops: 1 }
 * parseTrustProxy('10.0.0.0/8, 192.168.1.4') // { kind: 'list', … }
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'no' || text === 'off') return { kind: 'none' };
  if (text === 'true' || text === 'yes' || text === 'on') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error('como número de saltos va de 0 a 32');
    return { kind: 'hops', hops };
  }
  const trusted = new BlockList();
  for (const part of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const [address = '', prefix, extra] = part.split('/');
    const type = family(normalize(address));
    if (!type || extra !== undefined) throw new Error(`«${part}» no es una dirección IP ni un rango CIDR`);
    if (prefix === undefined) {
      trusted.addAddress(normalize(address), type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (type === 'ipv4' ? 32 : 128)) throw new Error(`«${part}» tiene un prefijo inválido`);
    trusted.addSubnet(normalize(address), bits, type);
  }
  return { kind: 'list', trusted, text };
}

function isTrusted(list: BlockList, address: string): boolean {
  const type = family(address);
  return type !== null && list.check(address, type);
}

/**
 * The client's address from the socket's and the `X-Forwarded-For` header, under `trust`. Proxies append, so only the
 * right end of the header is theirs; what the client wrote to the left is never taken while a trusted entry is to its
 * right. Entries that are not IP addresses end the walk (the last good address wins).
 *
 * @example
 * resolveClientIp('10.0.0.2', '1.2.3.4, 203.0.113.9', { kind: 'hops', hops: 1 }) // '203.0.113.9'
 */
export function resolveClientIp(socket: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const remote = socket ? normalize(socket) : 'local';
  if (trust.kind === 'none' || !forwardedFor) return remote;
  // right-most first: the entry the nearest proxy appended
  const chain = forwardedFor.split(',').map(normalize).filter(Boolean).reverse();
  if (trust.kind === 'hops') {
    if (trust.hops === 0) return remote;
    let client = remote;
    for (let i = 0; i < trust.hops && i < chain.length; i++) {
      const entry = chain[i]!;
      if (!family(entry)) break;
      client = entry;
    }
    return client;
  }
  // in-process requests have no socket; otherwise the peer itself must be a trusted proxy for the header to count
  if (socket && !isTrusted(trust.trusted, remote)) return remote;
  let client = remote;
  for (const entry of chain) {
    if (!family(entry)) break;
    client = entry;
    if (!isTrusted(trust.trusted, entry)) break;
  }
  return client;
}

function socketAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The client's IP for throttling and the contact cooldown (see `resolveClientIp`). In-process tests have no socket:
 * 'local' unless a trusted header says otherwise.
 */
export function clientIp(c: Context<AppEnv>, trust: TrustProxy): string {
  return resolveClientIp(socketAddress(c), c.req.header('X-Forwarded-For'), trust);
}
