// What the browser is told each response may do: HTML documents allow exactly the inline scripts they carry (by
// hash, from the text served), everything else allows nothing, no response may be framed, HSTS only over https.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_ANALYTICS_PLACEHOLDER } from "../../common/product-analytics.ts";
import { ORIGIN_PLACEHOLDER } from "../../common/site-origin.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-web-"));
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
  fs.writeFileSync(path.join(webDir, file), content);
};
const themeScript = `(function () {\n  document.documentElement.classList.toggle("dark", true);\n})();`;
// A page's loader mentions the origin, as an absolute URL in a page could: the hash must be of the text served.
const pageLoader = `\n    import("${ORIGIN_PLACEHOLDER}/assets/site-abc.js");\n  `;
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let server: TestServer;
let httpsServer: TestServer;
/** With product analytics (POSTHOG_KEY), its host behind a reverse proxy with a path (decision 038). */
let analyticsServer: TestServer;
beforeAll(async () => {
  write("index.html", `<html><head><script>${themeScript}</script>${PRODUCT_ANALYTICS_PLACEHOLDER}<script type="module" crossorigin src="/assets/app-abc.js"></script></head><body>the app</body></html>`);
  write("pages/index.html", `<html><head><script>${themeScript}</script></head><body>the landing page<script type="module">${pageLoader}</script></body></html>`);
  write("assets/app-abc.js", "console.log('the app');");
  [server, httpsServer, analyticsServer] = await Promise.all([
    startTestServer({ smtp: false, webDir }),
    startTestServer({ smtp: false, environment: { APP_URL: "https://holdup.example.com" } }),
    startTestServer({ smtp: false, webDir, environment: { POSTHOG_KEY: "phc_test_key", POSTHOG_HOST: "https://ingest.example.com/posthog/" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), httpsServer?.stop(), analyticsServer?.stop()]);
  fs.rmSync(webDir, { recursive: true, force: true });
});

const policyOf = (response: Response) => {
  const policy = response.headers.get("content-security-policy") ?? "";
  return new Map(policy.split(";").map((directive) => {
    const [name = "", ...values] = directive.trim().split(/\s+/);
    return [name, values] as const;
  }));
};

describe("security headers", () => {
  it("lets a pre-rendered page run exactly its own inline scripts, by the hash of the text served, and nothing from elsewhere", async () => {
    const response = await fetch(`${server.url}/`);
    expect(await response.text()).toContain("the landing page");
    const policy = policyOf(response);
    const servedLoader = pageLoader.replaceAll(ORIGIN_PLACEHOLDER, server.config.appUrl);
    expect(policy.get("script-src")?.sort()).toEqual(["'self'", hashOf(themeScript), hashOf(servedLoader)].sort());
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("gives the app's page, for every client route, the policy of its own inline theme script", async () => {
    for (const route of ["/dashboard", "/login", "/signup"]) {
      const response = await fetch(`${server.url}${route}`);
      expect(await response.text()).toContain("the app");
      const policy = policyOf(response);
      expect(policy.get("script-src"), route).toEqual(["'self'", hashOf(themeScript)]);
      expect(policy.get("frame-ancestors"), route).toEqual(["'none'"]);
    }
  });

  it("answers the API, errors included, and assets with a policy that allows nothing and no framing", async () => {
    const responses = [
      await fetch(`${server.url}/api/health`),
      await fetch(`${server.url}/api/no-such-thing`),
      await fetch(`${server.url}/api/profile`, { method: "PATCH", headers: { origin: server.url, "content-type": "application/json" }, body: "{" }),
      await fetch(`${server.url}/assets/app-abc.js`),
    ];
    for (const response of responses) {
      expect(response.headers.get("content-security-policy"), response.url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), response.url).toBe("DENY");
    }
  });

  it("asks browsers to insist on https only when the app is served over https", async () => {
    expect((await fetch(`${server.url}/api/health`)).headers.get("strict-transport-security")).toBeNull();
    expect((await fetch(`${httpsServer.url}/api/health`)).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("without POSTHOG_KEY, gives the app's page exactly the policy it had before product analytics, and no PostHog settings", async () => {
    const response = await fetch(`${server.url}/dashboard`);
    const html = await response.text();
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; script-src 'self' ${hashOf(themeScript)}; style-src 'self' 'unsafe-inline'; img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    );
    expect(html).not.toContain("holdup-analytics");
    expect(html).not.toContain(PRODUCT_ANALYTICS_PLACEHOLDER);
  });

  it("with POSTHOG_KEY, lets the app's page send to PostHog's host only, load no script from it, and tells the app the key and host", async () => {
    for (const route of ["/dashboard", "/signup"]) {
      const response = await fetch(`${analyticsServer.url}${route}`);
      const html = await response.text();
      expect(html, route).toContain('<meta name="holdup-analytics-key" content="phc_test_key"><meta name="holdup-analytics-host" content="https://ingest.example.com/posthog">');
      const policy = policyOf(response);
      expect(policy.get("connect-src"), route).toEqual(["'self'", "https://ingest.example.com"]);
      expect(policy.get("script-src"), route).toEqual(["'self'", hashOf(themeScript)]);
      expect(policy.get("default-src"), route).toEqual(["'none'"]);
      expect(policy.get("img-src"), route).toEqual(["'self'"]);
    }
  });

  it("with POSTHOG_KEY, leaves the pre-rendered public pages as they were: no PostHog settings, nothing sent elsewhere", async () => {
    const response = await fetch(`${analyticsServer.url}/`);
    expect(await response.text()).not.toContain("holdup-analytics");
    expect(policyOf(response).get("connect-src")).toEqual(["'self'"]);
  });
});
