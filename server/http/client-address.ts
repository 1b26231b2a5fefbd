// Who is asking, for the limits that count requests per client: the network address a request came from, and a
// keyed hash of it to store instead of the address itself.
import { createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";

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
