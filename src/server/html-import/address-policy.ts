import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may fetch a page from: public unicast only. ipaddr.js names every
 * special range (RFC 6890 and successors); anything it puts in one is refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata address
 * 169.254.169.254, fe80::/10), unique-local (fc00::/7 with AWS's fd00:ec2::254), multicast,
 * carrier-grade NAT (100.64/10), broadcast, unspecified, reserved and documentation ranges.
 *
 * IPv6 addresses that carry an IPv4 address are where a private target hides best:
 * - IPv4-mapped ::ffff:a.b.c.d is judged as a.b.c.d;
 * - IPv4-compatible ::a.b.c.d (deprecated; what `[::127.0.0.1]` parses to, ::7f00:1) is refused
 *   outright, like every address in ::/96;
 * - IPv4-translated ::ffff:0:a.b.c.d, NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and
 *   Teredo (2001::/32) are refused outright: ipaddr.js puts them in ranges of their own;
 * - an ISATAP interface identifier (…:0:5efe:a.b.c.d or …:200:5efe:a.b.c.d) is judged by its IPv4
 *   address too, since a host with an ISATAP tunnel sends such traffic to that address.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const [a, b, c, d, e, f, g, h] = v6.parts as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0) return false;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  if ((e === 0 || e === 0x200) && f === 0x5efe && !isPublicAddress(embeddedIpv4(g, h))) return false;
  return v6.range() === 'unicast';
}

/**
 * The address, or undefined when it is none. IPv6 goes through the URL parser first: it writes
 * every spelling the way a fetch would use it, and ipaddr.js reads ::a.b.c.d as if it were
 * ::ffff:a.b.c.d.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  try {
    if (!bare.includes(':')) return ipaddr.IPv4.parse(bare);
    const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    return ipaddr.IPv6.parse(canonical);
  } catch {
    return undefined;
  }
}

const embeddedIpv4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/** Whether text is an IP address (then there is nothing to resolve). */
export function isIpAddress(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
