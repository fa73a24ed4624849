import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy.ts';

describe('isPublicAddress', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, elsewhere in 127/8', '127.255.0.9'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.5.4'],
    ['private 172.16/12, top', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local', '169.254.10.20'],
    ['cloud metadata', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['carrier-grade NAT, top', '100.127.255.254'],
    ['multicast', '224.0.0.251'],
    ['multicast, top', '239.255.255.250'],
    ['broadcast', '255.255.255.255'],
    ['unspecified', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation', '192.0.2.10'],
    ['benchmarking', '198.18.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 unique-local', 'fc00::1'],
    ['IPv6 unique-local fd', 'fd12:3456::1'],
    ['AWS metadata over IPv6', 'fd00:ec2::254'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-mapped CGNAT', '::ffff:100.64.0.1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['6to4 of a private address', '2002:a00:1::'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 in brackets', '[::1]'],
    ['not an address', 'localhost'],
    ['empty', ''],
  ])('refuses %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:82a::200e', '::ffff:93.184.216.34'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
