import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../app.ts";
import { onboard, signUp } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
});
afterAll(() => server?.stop());

describe("the API's edges", () => {
  it("answers unknown API routes with 404 JSON", async () => {
    const response = await server.client().request("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ code: "not_found", message: "Not found" });
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const client = server.client();
    await signUp(client);
    // Plain node:http on its own connection: the server answers before reading the body and closes that connection.
    const body = JSON.stringify({ fullName: "x".repeat(MAX_BODY_BYTES) });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${server.url}/api/profile`, { method: "PATCH", agent: false, headers: { cookie: client.cookieHeader, origin: server.url, "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on("error", reject);
      request.end(body);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: "payload_too_large" });
  });

  it("answers hostile input with 4xx and never a stack trace", async () => {
    const client = server.client();
    await signUp(client);
    const attempts = [
      client.request("/api/profile", { method: "PATCH", body: "{", headers: { "content-type": "application/json" } }),
      client.request("/api/profile", { method: "PATCH", json: { fullName: 42 } }),
      client.request("/api/profile", { method: "PATCH", json: { isAdmin: true } }),
      client.request("/api/profile", { method: "PATCH", json: ["not", "an", "object"] }),
      client.request("/api/auth/sign-in/email", { method: "POST", body: "email=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      client.request("/api/invitations/%00/accept", { method: "POST" }),
      client.request("/api/onboarding/team", { method: "POST", json: { name: "Team\u0000Null" } }),
      client.request("/api/profile", { method: "PATCH", json: { fullName: "\u0000" } }),
      client.request("/api/auth/sign-in/email", { method: "POST", json: { email: "a\u0000@b.co", password: "whatever-123" } }),
      client.request("/api/auth/sign-up/email", { method: "POST", json: { email: ["a@b.co"], password: { x: 1 } } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status, response.text).toBeGreaterThanOrEqual(400);
      expect(response.status, response.text).toBeLessThan(500);
      expect(response.text).not.toMatch(/\bat .+:\d+:\d+/);
    }
  });

  it("skips e-mail verification when no SMTP server is configured, so a local first run just works", async () => {
    const client = server.client();
    const created = await client.post("/api/auth/sign-up/email", { email: "local@example.com", password: "violet-harbour-kettle-42", name: "" });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ token: expect.any(String) });
    await onboard(client);
    expect((await client.api.profile.$get()).status).toBe(200);
  });

  it("refuses a form posted to our API from another site", async () => {
    const client = server.client();
    const form = { method: "POST", body: "email=a%40b.co&password=whatever-123", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } };
    expect((await client.request("/api/auth/sign-in/email", form)).status).toBe(403);
    expect((await client.request("/api/onboarding/complete", form)).status).toBe(403);
  });
});
