import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may fetch a page from: public unicast only. ipaddr.js names every
 * special range (RFC 6890 and successors); anything it puts in one is refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata address
 * 169.254.169.254, fe80::/10), unique-local (fc00::/7 with AWS's fd00:ec2::254), multicast,
 * carrier-grade NAT (100.64/10), broadcast, unspecified, reserved and documentation ranges, and the
 * IPv6 forms that carry an IPv4 address (::ffff:a.b.c.d is judged as a.b.c.d; NAT64, 6to4 and
 * Teredo are refused outright).
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Whether text is an IP address (then there is nothing to resolve). */
export function isIpAddress(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
