// Who is asking, for the limits that count requests per client: the network address a request came from (the
// socket's peer, or what a trusted proxy says in X-Forwarded-For), and a keyed hash of it to store instead of the
// address itself.
import { createHmac } from "node:crypto";
import { BlockList, isIP, isIPv4, isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The peer's address as the socket sees it (behind a reverse proxy, the proxy's). */
export function remoteAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // not served by @hono/node-server (app.request in a test)
  }
}

/** The eight 16-bit groups of a valid IPv6 address, as numbers ("2001:db8::1" → [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number); // a trailing dotted IPv4 is two groups
          return [a * 256 + b, c * 256 + d];
        });
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The network a client is counted by: an IPv4 address as it is (IPv4-mapped IPv6 included), an IPv6 address by
 * its /64, the block one household or one server is usually given, since any address inside it costs nothing.
 */
export function clientNetwork(address: string): string {
  const withoutZone = address.split("%")[0] ?? address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(withoutZone)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv6(withoutZone)) return `${ipv6Groups(withoutZone).slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
  return withoutZone;
}

/** What rate limits store and count: an HMAC of the client's network, so the table never holds anyone's address. */
export const clientKey = (address: string, secret: string) => createHmac("sha256", secret).update(`client-network:${clientNetwork(address)}`).digest("base64url");

/** "::ffff:10.0.0.1" → "10.0.0.1": a dual-stack socket reports IPv4 peers in this form. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

function parseRange(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | undefined {
  const [address = "", prefixText, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= bits)) return undefined;
  return { address, prefix, family: family === 4 ? "ipv4" : "ipv6" };
}

/** A TRUST_PROXY entry: `loopback`, an address, or a CIDR range. */
export const isProxyRange = (entry: string) => entry === "loopback" || parseRange(entry) !== undefined;

/**
 * Resolves a request's client address. With no trusted proxies, the socket's peer. When the peer is a trusted
 * proxy, X-Forwarded-For is read from the right (each proxy appends the address it saw), skipping trusted proxies,
 * and the first address that is not one is the client: the entries to its left are whatever the client claimed.
 */
export function createClientResolver(trustedProxies: string[]) {
  const proxies = new BlockList();
  for (const entry of trustedProxies) {
    if (entry === "loopback") {
      proxies.addSubnet("127.0.0.0", 8, "ipv4");
      proxies.addAddress("::1", "ipv6");
      continue;
    }
    const range = parseRange(entry);
    if (range) proxies.addSubnet(range.address, range.prefix, range.family);
  }
  const isTrusted = (address: string) => {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && proxies.check(plain, family === 4 ? "ipv4" : "ipv6");
  };
  return (c: Context): string => {
    const peer = remoteAddress(c);
    if (trustedProxies.length === 0 || !isTrusted(peer)) return peer;
    const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
    let nearest = peer;
    for (const hop of hops.reverse()) {
      // A malformed entry was not written by a proxy we trust: believe nothing beyond it.
      if (isIP(unmapped(hop)) === 0) return nearest;
      if (!isTrusted(hop)) return hop;
      nearest = hop;
    }
    return nearest;
  };
}

export type ClientResolver = ReturnType<typeof createClientResolver>;

/**
 * A stand-in address for the client's network that better-auth's own request limiter can key by (it only accepts
 * an IP address): a unique-local IPv6 /64 made from the keyed hash, so its table never holds anyone's address.
 */
export function clientPseudonym(address: string, secret: string): string {
  const digest = createHmac("sha256", secret).update(`client-pseudonym:${clientNetwork(address)}`).digest();
  const groups = [0, 2, 4].map((offset) => digest.readUInt16BE(offset).toString(16));
  return `fd${digest.readUInt8(6).toString(16).padStart(2, "0")}:${groups.join(":")}::1`;
}
