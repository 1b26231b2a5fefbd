// Every request that changes something must come from Holdup's own pages, with a JSON body. Driven by the route
// table (Holdup's routes and better-auth's endpoints), so a new route is covered without anyone adding it here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { STRIPE_WEBHOOK_PATH } from "../features/billing/routes.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../features/email-links/routes.ts";
import { GITHUB_WEBHOOK_PATHS } from "../features/github/routes.ts";
import { KEY_AUTHENTICATED_PATHS } from "../features/public-api/routes.ts";
import { DEVICE_GRANT_PATHS } from "../auth/routes.ts";
import { SLACK_REQUEST_PATHS } from "../features/slack/routes.ts";
import { makeTeam, type Teammate } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
let alice: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice] = (await makeTeam(server, ["Alice"])) as [Teammate];
});
afterAll(() => server?.stop());

const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SOME_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Every state-changing path the server answers: Holdup's routes, and better-auth's endpoints under /api/auth; but
 * Stripe's webhook, which another server posts and its signature authenticates (server/features/billing), and a mail
 * client's one-click unsubscribe, which its signed token authenticates (server/features/email-links), and Slack's three
 * request URLs, which Slack's signature authenticates (server/features/slack; their own test checks that exemption), and
 * GitHub's webhook, which its X-Hub-Signature-256 authenticates (server/features/github, likewise).
 */
function changingRoutes(): { method: string; path: string }[] {
  const ours = createApp(server.deps)
    .routes.filter((route) => CHANGING.has(route.method) && !route.path.includes("*") && route.path !== STRIPE_WEBHOOK_PATH && !ONE_CLICK_UNSUBSCRIBE_PATH.test(route.path) && !(SLACK_REQUEST_PATHS as readonly string[]).includes(route.path) && !GITHUB_WEBHOOK_PATHS.some((path) => path.test(route.path)))
    .map(({ method, path }) => ({ method, path }));
  const betterAuths = Object.values(server.deps.auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    const methods = [options?.method ?? []].flat().filter((method) => CHANGING.has(method));
    return path ? methods.map((method) => ({ method, path: `/api/auth${path}` })) : [];
  });
  const unique = new Map([...ours, ...betterAuths].map((route) => [`${route.method} ${route.path}`, route]));
  return [...unique.values()].map((route) => ({ ...route, path: route.path.replace(/:[A-Za-z]+/g, SOME_ID) }));
}

/** The public API and the MCP server take an API key and never a cookie: no Origin is asked of them (decision 040). */
const isKeyAuthenticated = (path: string) => KEY_AUTHENTICATED_PATHS.some((pattern) => pattern.test(path));
/** A tray or extension asks for its code and its token with no cookie and no browser around it (decision 042). */
const isDeviceGrant = (path: string) => DEVICE_GRANT_PATHS.includes(path);
const cookieRoutes = () => changingRoutes().filter((route) => !isKeyAuthenticated(route.path) && !isDeviceGrant(route.path));

describe("requests that change something", () => {
  it("on the key-authenticated paths, need a key, not an Origin: a browser's cookie alone is refused", async () => {
    const keyRoutes = changingRoutes().filter((route) => isKeyAuthenticated(route.path));
    expect(keyRoutes.length).toBeGreaterThan(5);
    for (const route of keyRoutes) {
      const fromElsewhere = await alice.client.request(route.path, { method: route.method, json: {}, headers: { origin: "https://evil.example" } });
      expect([fromElsewhere.status, (fromElsewhere.json as { code?: string }).code], `${route.method} ${route.path}`).toEqual([401, "api_key_missing"]);
    }
  });

  it("on the device grant's paths, need no Origin: they check a device's code, never a cookie", async () => {
    expect(changingRoutes().filter((route) => isDeviceGrant(route.path)).map((route) => route.path)).toEqual(expect.arrayContaining(DEVICE_GRANT_PATHS));
    const code = await alice.client.request("/api/auth/device/code", { method: "POST", json: { client_id: "holdup-tray" }, headers: { origin: "https://evil.example" } });
    expect(code.status, code.text).toBe(200);
    const token = await alice.client.request("/api/auth/device/token", { method: "POST", json: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: "not-a-code", client_id: "holdup-tray" }, headers: { origin: "https://evil.example" } });
    expect(token.json).toMatchObject({ error: "invalid_grant" });
  });

  it("covers Holdup's own routes and better-auth's", () => {
    const paths = changingRoutes().map((route) => `${route.method} ${route.path}`);
    for (const expected of ["POST /api/blockers", "PATCH /api/profile", "POST /api/notifications/read-all", "POST /api/auth/logout", "POST /api/auth/sign-in/email", "POST /api/auth/organization/leave"]) {
      expect(paths).toContain(expected);
    }
  });

  it("are refused from another site's page, naming the origin", async () => {
    for (const route of cookieRoutes()) {
      const response = await alice.client.request(route.path, { method: route.method, json: {}, headers: { origin: "https://evil.example" } });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(response.json, `${route.method} ${route.path}`).toMatchObject({ code: "origin_not_allowed", fields: { origin: [expect.stringContaining("evil.example")] } });
    }
  });

  it("are refused without an Origin, unless the browser's Fetch Metadata says same-origin", async () => {
    const routes = cookieRoutes();
    for (const route of routes) {
      const response = await fetch(new URL(route.path, server.url), { method: route.method, headers: { cookie: alice.client.cookieHeader, "content-type": "application/json" }, body: "{}" });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
    }
    const fromOwnPage = await fetch(new URL("/api/notifications/read-all", server.url), { method: "POST", headers: { cookie: alice.client.cookieHeader, "sec-fetch-site": "same-origin" } });
    expect(fromOwnPage.status).toBe(200);
    const fromOtherSite = await fetch(new URL("/api/notifications/read-all", server.url), { method: "POST", headers: { cookie: alice.client.cookieHeader, "sec-fetch-site": "cross-site" } });
    expect(fromOtherSite.status).toBe(403);
  });

  it("are refused with 415 when the body is not JSON, whatever the route", async () => {
    const encodings: Record<string, string>[] = [
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "text/plain" },
      { "content-type": "multipart/form-data; boundary=x" },
      {},
    ];
    for (const route of changingRoutes()) {
      for (const headers of encodings) {
        const response = await alice.client.request(route.path, { method: route.method, body: "email=a%40b.co&password=x", headers });
        expect(response.status, `${route.method} ${route.path} ${JSON.stringify(headers)}`).toBe(415);
        expect(response.json).toMatchObject({ code: "unsupported_media_type" });
      }
    }
  });

  it("go through from Holdup's own origin with JSON, or with no body at all", async () => {
    expect((await alice.client.request("/api/notifications/read-all", { method: "POST" })).status).toBe(200);
    expect((await alice.client.request("/api/profile", { method: "PATCH", json: { fullName: "Alice Again" } })).status).toBe(200);
    expect((await alice.client.request("/api/profile", { method: "PATCH", body: JSON.stringify({ fullName: "Alice" }), headers: { "content-type": "application/json; charset=utf-8" } })).status).toBe(200);
  });
});
