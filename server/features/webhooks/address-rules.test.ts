import { describe, expect, it } from "vitest";
import { addressInHost, isLoopbackName, isPublicAddress } from "./address-rules.ts";

describe("the addresses a webhook may reach", () => {
  it("are public IPv4 and global IPv6 unicast addresses", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "93.184.215.14", "100.63.255.255", "100.128.0.0", "172.32.0.1", "2606:4700:4700::1111", "2a00:1450:4007:80e::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("are never loopback, private, link-local, unique-local, CGNAT, multicast, unspecified or reserved ones", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "10.0.0.5",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "240.0.0.1",
      "192.0.2.10",
      "198.18.0.1",
      "203.0.113.7",
      "::",
      "::1",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd12:3456:789a::1",
      "ff02::1",
      "fec0::1",
      "2001:db8::1",
      "2001::1",
      "100::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::ffff:10.0.0.5",
      "::127.0.0.1",
      "64:ff9b::a00:5",
      "64:ff9b:1::1",
      "2002:a00:5::1",
      "2002:7f00:1::",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("reads addresses out of URL host names, brackets and all", () => {
    expect(addressInHost("[::1]")).toBe("::1");
    expect(addressInHost(new URL("https://2130706433/").hostname)).toBe("127.0.0.1");
    expect(addressInHost(new URL("https://0x7f.1/").hostname)).toBe("127.0.0.1");
    expect(addressInHost(new URL("https://[::ffff:127.0.0.1]/").hostname)).toBe("::ffff:7f00:1");
    expect(addressInHost("hooks.example.com")).toBeUndefined();
    expect(isLoopbackName("LOCALHOST.")).toBe(true);
    expect(isLoopbackName("api.localhost")).toBe(true);
    expect(isLoopbackName("localhost.example.com")).toBe(false);
  });
});
