/**
 * Where a webhook may be sent (docs/api.md "Webhooks"): https only, and in production never to a
 * loopback, private or link-local address, so that the shop cannot be made to call its own
 * network (SSRF). Outside production http to localhost and 127.0.0.1 is let through, for tests
 * and local receivers. A host name is checked again when it is resolved at each send.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const INTERNAL = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) INTERNAL.addSubnet(net, prefix, 'ipv6');

/** True for an address inside a private, loopback, link-local, multicast or reserved range (IPv4-mapped IPv6 too). */
export function isInternalAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const family = isIP(ip);
  return family === 4 ? INTERNAL.check(ip, 'ipv4') : family === 6 ? INTERNAL.check(ip, 'ipv6') : false;
}

export type UrlProblem = 'webhook.urlInvalid' | 'webhook.urlHttps' | 'webhook.urlInternal';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why an address is refused (a message key of webhook.url*), or null when it may be used. */
export function urlProblem(raw: string, production: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhook.urlInvalid';
  }
  if (url.username || url.password) return 'webhook.urlInvalid';
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' && !production && LOCAL_HOSTS.has(host)) return null;
  if (url.protocol !== 'https:') return 'webhook.urlHttps';
  if (production && (host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host.replace(/^\[|\]$/g, '')))) return 'webhook.urlInternal';
  return null;
}

/** At send time in production: a host name that resolves to an internal address is refused (the name may have changed since it was saved). */
export async function resolvesInternal(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isInternalAddress(bare);
  const found = await lookup(bare, { all: true });
  return found.some((entry) => isInternalAddress(entry.address));
}
