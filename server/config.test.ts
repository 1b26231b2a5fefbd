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

  it("mails support requests to SUPPORT_EMAIL, or to support@ the APP_URL's host when it is unset", () => {
    expect(loadConfig({ APP_URL: "https://holdup.example.com/" }).supportEmail).toBe("support@holdup.example.com");
    expect(loadConfig({ APP_URL: "https://holdup.example.com", SUPPORT_EMAIL: " help@example.org " }).supportEmail).toBe("help@example.org");
    expect(loadConfig({ SUPPORT_EMAIL: "" }).supportEmail).toBe("support@localhost");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["APP_URL", "not a url"],
    ["APP_URL", "ftp://example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "localhost:25"],
    ["AUTH_SECRET", "too-short"],
    ["SUPPORT_EMAIL", "support"],
    ["SUPPORT_EMAIL", "Support <help@example.com>"],
    ["TRUST_PROXY", "the-proxy"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["POSTHOG_HOST", "http://eu.i.posthog.com"],
    ["POSTHOG_HOST", "eu.i.posthog.com"],
    ["POSTHOG_KEY", "not a key"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("does not repeat a secret or a URL that may carry a password in its message", () => {
    for (const [name, value] of [["DATABASE_URL", "mysql://admin:hunter2@db/holdup"], ["SMTP_URL", "mail://user:hunter2@relay"], ["AUTH_SECRET", "hunter2"]] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(/value not shown/);
      expect(() => loadConfig({ [name]: value })).not.toThrow(/hunter2/);
    }
  });

  it("reads TRUST_PROXY as a list of proxies", () => {
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,2001:db8::/32" }).trustedProxies).toEqual(["loopback", "10.0.0.0/8", "2001:db8::/32"]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it("connects to Slack with its three credentials, at slack.com unless SLACK_API_URL says otherwise; with one missing, it stops", () => {
    const credentials = { SLACK_CLIENT_ID: "1111.2222", SLACK_CLIENT_SECRET: "client-secret", SLACK_SIGNING_SECRET: "signing-secret" };
    expect(loadConfig({}).slack).toBeUndefined();
    expect(loadConfig(credentials).slack).toEqual({ clientId: "1111.2222", clientSecret: "client-secret", signingSecret: "signing-secret", apiUrl: "https://slack.com/api/", authorizeUrl: "https://slack.com/oauth/v2/authorize" });
    expect(loadConfig({ ...credentials, SLACK_API_URL: "http://127.0.0.1:4000/api" }).slack).toMatchObject({ apiUrl: "http://127.0.0.1:4000/api/", authorizeUrl: "http://127.0.0.1:4000/oauth/v2/authorize" });
    expect(() => loadConfig({ SLACK_CLIENT_ID: "1111.2222", SLACK_CLIENT_SECRET: "client-secret" })).toThrow("SLACK_SIGNING_SECRET: must be set too when SLACK_CLIENT_ID and SLACK_CLIENT_SECRET are (Slack needs all three)");
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: "hunter2" })).toThrow(/SLACK_CLIENT_ID: .*SLACK_CLIENT_SECRET: /s);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: "hunter2" })).not.toThrow(/hunter2/);
  });

  it("has product analytics only with POSTHOG_KEY, sent to PostHog's EU host unless POSTHOG_HOST names another", () => {
    expect(loadConfig({}).productAnalytics).toBeUndefined();
    expect(loadConfig({ POSTHOG_KEY: "" }).productAnalytics).toBeUndefined();
    expect(loadConfig({ POSTHOG_HOST: "https://eu.i.posthog.com" }).productAnalytics).toBeUndefined();
    expect(loadConfig({ POSTHOG_KEY: "phc_abc123" }).productAnalytics).toEqual({ key: "phc_abc123", host: "https://eu.i.posthog.com" });
    expect(loadConfig({ POSTHOG_KEY: " phc_abc123 ", POSTHOG_HOST: "https://ingest.example.com/posthog/" }).productAnalytics).toEqual({ key: "phc_abc123", host: "https://ingest.example.com/posthog" });
  });

  it("lets webhooks call private addresses only when WEBHOOKS_ALLOW_PRIVATE is true", () => {
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: "false" }).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: " true " }).webhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: "yes" })).toThrow('WEBHOOKS_ALLOW_PRIVATE: must be true or false (got "yes")');
  });

  it("accepts only an https POSTHOG_HOST, and says so", () => {
    for (const host of ["http://eu.i.posthog.com", "ws://eu.i.posthog.com", "javascript:alert(1)", "eu.i.posthog.com"]) {
      expect(() => loadConfig({ POSTHOG_KEY: "phc_abc123", POSTHOG_HOST: host }), host).toThrow(`POSTHOG_HOST: must be a URL starting with https:// (got "${host}")`);
    }
  });

  it("refuses a personal PostHog key in POSTHOG_KEY without repeating it: the web app would publish it", () => {
    expect(() => loadConfig({ POSTHOG_KEY: "phx_personal_secret" })).toThrow(/POSTHOG_KEY: must be a PostHog project API key \(phc_…\), never a personal API key \(phx_…\) \(value not shown\)/);
    expect(() => loadConfig({ POSTHOG_KEY: "phx_personal_secret" })).not.toThrow(/phx_personal_secret/);
  });
});
