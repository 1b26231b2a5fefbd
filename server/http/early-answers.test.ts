// Every answer given before a request's body is read — 401, 403, 413, 415, 429, from Holdup's routes, better-auth's,
// the public API's and the integrations' — leaves the connection usable or closes it cleanly (`Connection: close`),
// so a keep-alive client's next request on it is answered (issue #26: a 429 to a 900 kB sign-up once left a
// connection that reset the next request).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEmail, makeTeam, STRONG_PASSWORD, type Teammate } from "../test/factories.ts";
import { closed, keptAliveConnection, sendKeptAlive, type KeptAliveRequest } from "../test/kept-alive.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
let alice: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice] = (await makeTeam(server, ["Alice"])) as [Teammate];
});
afterAll(() => server?.stop());

/** A body just under the 1 MB limit, so nothing but the route refuses it. */
const large = (fields: Record<string, unknown>) => JSON.stringify({ ...fields, padding: "x".repeat(900_000) });

/** One client's address, as the loopback proxy names it: per-client limits count it apart from the others. */
const from = (address: string) => ({ "x-forwarded-for": address });

type EarlyAnswer = { family: string; status: number; request: () => Promise<KeptAliveRequest> };

const EARLY_ANSWERS: EarlyAnswer[] = [
  { family: "Holdup's API, signed out", status: 401, request: async () => ({ method: "PATCH", path: "/api/profile", body: large({ fullName: "Mallory" }) }) },
  { family: "Holdup's API, from another site", status: 403, request: async () => ({ method: "PATCH", path: "/api/profile", headers: { origin: "https://evil.example", cookie: alice.client.cookieHeader }, body: large({ fullName: "Mallory" }) }) },
  { family: "Holdup's API, not JSON", status: 415, request: async () => ({ method: "POST", path: "/api/blockers", headers: { "content-type": "text/plain", cookie: alice.client.cookieHeader }, body: large({ title: "x" }) }) },
  { family: "Holdup's API, over the limit", status: 413, request: async () => ({ method: "PATCH", path: "/api/profile", headers: { cookie: alice.client.cookieHeader }, body: JSON.stringify({ fullName: "x".repeat(1024 * 1024) }) }) },
  {
    family: "better-auth, a limited client signing up",
    status: 429,
    request: async () => {
      const address = "2001:db8:4290::1";
      // better-auth's own limit on sign-ups: ten a minute per client.
      for (let attempt = 0; attempt < 10; attempt++) await server.client().request("/api/auth/sign-up/email", { json: { email: makeEmail("limited"), password: STRONG_PASSWORD, name: "" }, headers: from(address) });
      return { method: "POST", path: "/api/auth/sign-up/email", headers: from(address), body: large({ email: makeEmail("limited"), password: STRONG_PASSWORD, name: "" }) };
    },
  },
  {
    family: "better-auth, a limited client asking for codes",
    status: 429,
    request: async () => {
      const address = "2001:db8:4291::1";
      for (let attempt = 0; attempt < 10; attempt++) await server.client().request("/api/auth/email-otp/send-verification-otp", { json: { email: makeEmail("codes"), type: "sign-in" }, headers: from(address) });
      return { method: "POST", path: "/api/auth/email-otp/send-verification-otp", headers: from(address), body: large({ email: makeEmail("codes"), type: "sign-in" }) };
    },
  },
  { family: "the public API, a wrong key", status: 401, request: async () => ({ method: "POST", path: "/api/v1/blockers", headers: { authorization: "Bearer hold_wrong" }, body: large({ title: "x" }) }) },
  { family: "MCP, no key", status: 401, request: async () => ({ method: "POST", path: "/api/mcp", body: large({ jsonrpc: "2.0", id: 1, method: "tools/list" }) }) },
];

describe("an answer given before the body is read", () => {
  for (const early of EARLY_ANSWERS) {
    it(`${early.family} (${early.status}) leaves the connection usable or closes it cleanly, and the next request is answered`, async () => {
      const connection = keptAliveConnection();
      try {
        const refused = await sendKeptAlive(connection, server.url, await early.request());
        expect(refused.status, refused.text).toBe(early.status);
        // Closed cleanly (the answer says so, and the server closes the socket once it is sent), or left usable: the
        // next request goes on it and is answered.
        const closing = refused.headers.connection === "close";
        if (closing) await closed(refused.socket);
        const next = await sendKeptAlive(connection, server.url, { method: "GET", path: "/api/health" });
        expect(next.status).toBe(200);
        expect(next.reusedSocket).toBe(!closing);
      } finally {
        connection.destroy();
      }
    });
  }

  it("a refusal of a small body that was read keeps the connection for the next request", async () => {
    const connection = keptAliveConnection();
    try {
      const refused = await sendKeptAlive(connection, server.url, { method: "POST", path: "/api/blockers", headers: { cookie: alice.client.cookieHeader }, body: JSON.stringify({ title: "" }) });
      expect(refused.status).toBe(400);
      expect(refused.headers.connection).not.toBe("close");
      const next = await sendKeptAlive(connection, server.url, { method: "GET", path: "/api/health" });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      connection.destroy();
    }
  });
});
