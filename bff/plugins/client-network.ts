import { isIPv6 } from 'node:net';

/** An IPv6 client's network: its first four groups (a /64). */
const IPV6_CLIENT_PREFIX_GROUPS = 4;

/**
 * The client a per-address limit of ours counts (the waiting room's places, the seat streams,
 * a visitor's personal-route budget), from the address the edge gave (`request.ip`): an IPv4
 * address as it is, also when written IPv4-mapped (`::ffff:198.51.100.7` is `198.51.100.7`), and
 * an IPv6 address by its /64, the network one subscriber gets whole, so that a client cannot
 * take a fresh budget by writing from another of its 2^64 addresses. @fastify/rate-limit counts
 * its limits the same way (its `ipv6Subnet`, 64 by default).
 */
export function clientNetwork(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const groups = ipv6Groups(ip);
  if (!groups) return ip.toLowerCase();
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, IPV6_CLIENT_PREFIX_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(ip: string): number[] | null {
  let address = ip.split('%')[0] ?? '';
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}
