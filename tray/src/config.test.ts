// The tray's settings from its environment: defaults, the server's origin from any address of it, and a clear
// message for each value it cannot use.
import { describe, expect, it } from "vitest";
import { loadTrayConfig } from "./config.ts";

describe("the tray's settings", () => {
  it("defaults to a local server, a browser and a tray icon", () => {
    expect(loadTrayConfig({ HOLDUP_TRAY_DIR: "/tmp/holdup" })).toEqual({ serverUrl: "http://localhost:3000", directory: "/tmp/holdup", openBrowser: true, report: false, headless: false });
  });

  it("takes the server's origin from an address with a path, and the test switches", () => {
    expect(loadTrayConfig({ HOLDUP_URL: "https://holdup.example.com/dashboard?x=1", HOLDUP_TRAY_BROWSER: "none", HOLDUP_TRAY_REPORT: "1", HOLDUP_TRAY_HEADLESS: "1" })).toMatchObject({ serverUrl: "https://holdup.example.com", openBrowser: false, report: true, headless: true });
  });

  it("names each value it cannot use", () => {
    expect(() => loadTrayConfig({ HOLDUP_URL: "holdup.example.com" })).toThrow("HOLDUP_URL: must be the server's address, like http://localhost:3000");
    expect(() => loadTrayConfig({ HOLDUP_URL: "ftp://holdup.example.com" })).toThrow("HOLDUP_URL");
    expect(() => loadTrayConfig({ HOLDUP_TRAY_BROWSER: "firefox", HOLDUP_TRAY_REPORT: "yes" })).toThrow('HOLDUP_TRAY_BROWSER: must be one of "system", "none"\nHOLDUP_TRAY_REPORT: must be one of "0", "1"');
  });
});
