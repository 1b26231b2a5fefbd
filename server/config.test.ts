import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("runs with nothing configured", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, appUrl: "http://localhost:3000", databaseUrl: undefined, smtpUrl: undefined, requireEmailVerification: false });
    expect(config.dataDir).toMatch(/data$/);
  });

  it("derives APP_URL from PORT and requires verification only with SMTP", () => {
    const config = loadConfig({ PORT: "8080", SMTP_URL: "smtp://user:pass@mail.example.com:587" });
    expect(config.appUrl).toBe("http://localhost:8080");
    expect(config.requireEmailVerification).toBe(true);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["APP_URL", "not a url"],
    ["APP_URL", "ftp://example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "localhost:25"],
    ["AUTH_SECRET", "too-short"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
