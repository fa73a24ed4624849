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

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:82a::200e', '::ffff:93.184.216.34', '2606:4700:10::5efe:5db8:d822'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  /** Each IPv6 form that carries an IPv4 address, written around a loopback, a private and the metadata address. */
  const EMBEDDED: Array<[form: string, loopback: string[], privateAddress: string[], metadata: string[]]> = [
    ['IPv4-compatible ::a.b.c.d', ['::7f00:1', '::127.0.0.1', '[::127.0.0.1]', '0:0:0:0:0:0:7f00:1'], ['::a00:1', '::10.0.0.1', '::c0a8:101'], ['::a9fe:a9fe', '::169.254.169.254']],
    ['IPv4-mapped ::ffff:a.b.c.d', ['::ffff:7f00:1', '::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'], ['::ffff:a00:1', '::ffff:192.168.1.1'], ['::ffff:a9fe:a9fe', '::ffff:169.254.169.254']],
    ['IPv4-translated ::ffff:0:a.b.c.d', ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1'], ['::ffff:0:a00:1', '::ffff:0:192.168.1.1'], ['::ffff:0:a9fe:a9fe']],
    ['NAT64 64:ff9b::/96', ['64:ff9b::7f00:1', '64:ff9b::127.0.0.1'], ['64:ff9b::a00:1', '64:ff9b::192.168.1.1'], ['64:ff9b::a9fe:a9fe']],
    ['local NAT64 64:ff9b:1::/48', ['64:ff9b:1:7f00:0:100::', '64:ff9b:1::7f00:1'], ['64:ff9b:1:a00:0:100::'], ['64:ff9b:1:a9fe:a9:fe00::']],
    ['6to4 2002::/16', ['2002:7f00:1::', '2002:7f00:1::1'], ['2002:a00:1::', '2002:c0a8:101::1'], ['2002:a9fe:a9fe::']],
    // Teredo carries the client's address with every bit inverted.
    ['Teredo 2001::/32', ['2001:0:4136:e378:8000:63bf:80ff:fffe'], ['2001:0:4136:e378:8000:63bf:f5ff:fffe', '2001:0:4136:e378:8000:63bf:3f57:fefe'], ['2001:0:4136:e378:8000:63bf:5601:5601']],
    ['ISATAP interface id', ['2606:4700:10::5efe:7f00:1', '2606:4700:10::5efe:127.0.0.1'], ['2606:4700:10::200:5efe:a00:1', '2606:4700:10::5efe:c0a8:101'], ['2606:4700:10::5efe:a9fe:a9fe']],
  ];

  describe.each(EMBEDDED)('%s', (_form, loopback, privateAddress, metadata) => {
    it.each([...loopback.map((a) => ['loopback', a]), ...privateAddress.map((a) => ['private', a]), ...metadata.map((a) => ['metadata', a])])(
      'refuses an embedded %s address (%s)',
      (_kind, address) => {
        expect(isPublicAddress(address!)).toBe(false);
      },
    );
  });

  it('refuses the IPv4-compatible form even of a public address (deprecated, never needed)', () => {
    expect(isPublicAddress('::5db8:d822')).toBe(false);
    expect(isPublicAddress('::93.184.216.34')).toBe(false);
  });

  it('judges the host a fetch would connect to: the URL parser turns [::127.0.0.1] into ::7f00:1', () => {
    const host = new URL('http://[::127.0.0.1]/').hostname;
    expect(host).toBe('[::7f00:1]');
    expect(isPublicAddress(host)).toBe(false);
  });
});
