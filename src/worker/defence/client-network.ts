/**
 * The network a client is counted as by every rate limit: an IPv4 address by itself, an IPv6
 * address by its /64. An IPv6 subscriber (a phone, a home router, a cloud host) is given a
 * whole /64 and picks addresses in it at will, so counting each address let 60 addresses of
 * one /64 make 60 paid partner calls; one /64 is one customer line, as one IPv4 address is.
 */

/** IPv4 dotted quad (the only form Cloudflare sends in CF-Connecting-IP). */
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(text: string): string | undefined {
  const m = IPV4.exec(text);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts.join('.') : undefined;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and an embedded IPv4 tail), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.length > 45) return undefined;
  let body = text;
  const lastColon = body.lastIndexOf(':');
  const v4 = ipv4(body.slice(lastColon + 1));
  if (v4 !== undefined) {
    // a.b.c.d at the end stands for two groups: write them as such.
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    body = `${body.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = Array.from({ length: 8 - known }, () => '0');
  return [...head, ...zeros, ...rest].map((g) => parseInt(g, 16));
}

/**
 * The key a client is counted under: `a.b.c.d` for IPv4 (and IPv4-mapped IPv6), `x:x:x:x::/64`
 * for IPv6, lower-case and canonical so every spelling of one network gives one key. Anything
 * else (empty, garbage) is returned trimmed as it came, so it is still counted as itself.
 */
export function clientNetwork(ip: string): string {
  const text = ip.trim();
  const v4 = ipv4(text);
  if (v4 !== undefined) return v4;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  // ::ffff:a.b.c.d is an IPv4 client seen through an IPv6 socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The networks a client's paid calls are budgeted under (partner-budget.ts): an IPv4 address's
 * /24, an IPv6 address's /64, /56 and /48. A subscriber is given a /64, a home or small office
 * often a /56, a site or a cloud tenant a /48: a budget per /64 alone let one /56 spend 256 times
 * it. Anything that is not an address is one network by itself.
 */
export function budgetNetworks(ip: string): string[] {
  const text = ip.trim();
  if (text === '') return [];
  const v4 = clientNetwork(text);
  const quad = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(v4);
  if (quad) return [`${quad[1]}.${quad[2]}.${quad[3]}.0/24`];
  const groups = ipv6Groups(text);
  if (!groups) return [text];
  const prefix = (bits: 48 | 56 | 64) => {
    const kept = groups.slice(0, 4).map((g, i) => (i * 16 + 16 <= bits ? g : i * 16 < bits ? g & 0xff00 : 0));
    return `${kept.map((g) => g.toString(16)).join(':')}::/${bits}`;
  };
  return [prefix(64), prefix(56), prefix(48)];
}
