import { describe, expect, it } from "vitest";
import { clientKey, clientNetwork } from "./client-address.ts";

describe("the client a request is counted by", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:127.0.0.1", "127.0.0.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002::ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("counts %s as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it("keys one IPv6 /64 once, and never stores the address itself", () => {
    const secret = "a-secret-that-is-long-enough-for-hashing";
    const key = clientKey("2001:db8:1:2::10", secret);
    expect(clientKey("2001:db8:1:2:ffff::99", secret)).toBe(key);
    expect(clientKey("2001:db8:1:3::10", secret)).not.toBe(key);
    expect(clientKey("2001:db8:1:2::10", "another-secret-that-is-long-enough")).not.toBe(key);
    expect(clientKey("203.0.113.7", secret)).not.toContain("203");
    expect(clientKey("203.0.113.7", secret)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
