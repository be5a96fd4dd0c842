import { describe, expect, it } from 'vitest';
import { clientNetwork } from '#bff/plugins/client-network.ts';

describe('clientNetwork', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    ['0:0:0:0:0:ffff:c633:6407', '198.51.100.7'],
    ['2001:db8:77:1:1:0:0:7', '2001:db8:77:1::/64'],
    ['2001:0DB8:0077:0001::ffff', '2001:db8:77:1::/64'],
    ['2001:db8:77:1::', '2001:db8:77:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:77:1::10.0.0.1', '2001:db8:77:1::/64'],
  ])('%s is the client %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it('tells two subscribers apart', () => {
    expect(clientNetwork('2001:db8:77:1::1')).not.toBe(clientNetwork('2001:db8:77:2::1'));
    expect(clientNetwork('198.51.100.7')).not.toBe(clientNetwork('198.51.100.8'));
  });
});
