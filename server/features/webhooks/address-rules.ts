// Which addresses a webhook may reach (decision 039): public unicast ones only. Everything IANA's special-purpose
// registries set apart is refused — loopback, private, link-local, unique-local, CGNAT, multicast, unspecified,
// documentation, benchmarking, reserved — and an IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged
// by the IPv4 address it carries. IPv6 outside global unicast (2000::/3) is refused whole.
import { BlockList, isIPv4, isIPv6 } from "node:net";

const notPublicV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  notPublicV4.addSubnet(network, prefix, "ipv4");
}

const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const) {
  notPublicV6.addSubnet(network, prefix, "ipv6");
}
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** Whether `address` (an IPv4 or IPv6 literal, without brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !notPublicV4.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const groups = groupsOf(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address is what a socket reaches.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) return g5 === 0xffff && isPublicAddress(v4Of(g6, g7));
  // NAT64 (64:ff9b::/96) carries the IPv4 address in its last 32 bits; its local-use range (64:ff9b:1::/48) is private.
  if (g0 === 0x64 && g1 === 0xff9b) return g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && isPublicAddress(v4Of(g6, g7));
  // 6to4 (2002::/16) carries it in bits 16–48.
  if (g0 === 0x2002) return isPublicAddress(v4Of(g1, g2));
  const normal = groups.map((group) => group.toString(16)).join(":");
  return globalUnicast.check(normal, "ipv6") && !notPublicV6.check(normal, "ipv6");
}

/** A URL's host name as an address, when it is one ("[::1]" → "::1"); undefined for a DNS name. */
export function addressInHost(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIPv4(bare) || isIPv6(bare) ? bare : undefined;
}

/** Names that are loopback by definition (RFC 6761): refused before anyone asks DNS. */
export const isLoopbackName = (hostname: string) => {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
};
