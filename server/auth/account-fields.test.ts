// The rules Holdup applies to a person's account fields hold on better-auth's endpoints too, and better-auth's
// endpoints answer bad input with a 4xx that names the field, never a 500.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserLikeClient } from "../test/browser-like-client.ts";
import { makeEmail, onboard, signUp, STRONG_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
});
afterAll(() => server?.stop());

const signUpWith = (fields: Record<string, unknown>) => server.client().post("/api/auth/sign-up/email", { email: makeEmail(), password: STRONG_PASSWORD, name: "", ...fields });

const fieldRefusal = (field: string, message: unknown = expect.any(String)) => ({ code: "validation_failed", message: expect.any(String), fields: { [field]: [message] } });

async function signedIn(): Promise<BrowserLikeClient> {
  const client = server.client();
  await signUp(client);
  await onboard(client, { fullName: "Casey Example" });
  return client;
}

describe("the name and picture given at sign-up", () => {
  it("refuses a name over 100 characters, however long, naming the field", async () => {
    const tooLong = await signUpWith({ name: "x".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toEqual(fieldRefusal("name", "Use at most 100 characters"));
    const enormous = await signUpWith({ name: "y".repeat(500_000) });
    expect(enormous.status).toBe(400);
    expect(enormous.json).toEqual(fieldRefusal("name"));
  });

  it("refuses a name PostgreSQL cannot store (NUL, a lone surrogate) or that is not text", async () => {
    for (const name of ["Ana\u0000", "\ud800", 42, ["Ana"]]) {
      const response = await signUpWith({ name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.json).toEqual(fieldRefusal("name"));
    }
  });

  it("still takes an empty name (the sign-up form sends one) and keeps a given name, trimmed, as the profile's", async () => {
    expect((await signUpWith({ name: "" })).status).toBe(200);
    const client = server.client();
    const created = await client.post("/api/auth/sign-up/email", { email: makeEmail(), password: STRONG_PASSWORD, name: "  Dana Example  " });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ user: { name: "Dana Example" } });
    expect((await client.request("/api/profile")).json).toMatchObject({ fullName: "Dana Example" });
  });

  it("refuses any picture: nobody can upload one yet, and a link would be shown to teammates as an image", async () => {
    for (const image of ["https://tracker.example/pixel.gif", "/api/auth/sign-out", "", 7]) {
      const response = await signUpWith({ image });
      expect(response.status, JSON.stringify(image)).toBe(400);
      expect(response.json).toEqual(fieldRefusal("image", "Pictures cannot be set yet"));
    }
  });
});

describe("changing the name through better-auth (/update-user)", () => {
  it("refuses a missing, empty, too long or unstorable name, naming the field", async () => {
    const client = await signedIn();
    for (const name of [null, "", "   ", "\u0000", "a\udbff", "z".repeat(101), 3]) {
      const response = await client.post("/api/auth/update-user", { name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.json).toEqual(fieldRefusal("name"));
    }
  });

  it("refuses a picture", async () => {
    const client = await signedIn();
    const response = await client.post("/api/auth/update-user", { image: "https://tracker.example/pixel.gif" });
    expect(response.status).toBe(400);
    expect(response.json).toEqual(fieldRefusal("image", "Pictures cannot be set yet"));
  });

  it("keeps the profile's full name in step with the new name", async () => {
    const client = await signedIn();
    const response = await client.post("/api/auth/update-user", { name: "  Casey Renamed " });
    expect(response.status, response.text).toBe(200);
    expect((await client.request("/api/profile")).json).toMatchObject({ fullName: "Casey Renamed" });
  });
});

describe("the other endpoints that take a name or a picture", () => {
  it("applies the sign-up rules to a code sign-in's name and picture", async () => {
    const client = server.client();
    const email = makeEmail();
    const long = await client.post("/api/auth/sign-in/email-otp", { email, otp: "123456", name: "n".repeat(101) });
    expect(long.json).toEqual(fieldRefusal("name", "Use at most 100 characters"));
    const picture = await client.post("/api/auth/sign-in/email-otp", { email, otp: "123456", image: "https://tracker.example/p.gif" });
    expect(picture.json).toEqual(fieldRefusal("image", "Pictures cannot be set yet"));
  });

  it("applies the team name rules to better-auth's own team endpoints, and refuses a team picture", async () => {
    const client = server.client();
    await signUp(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x", slug: "x-1" }, "name"],
      [{ name: "t".repeat(81), slug: "long-1" }, "name"],
      [{ name: "Payments", slug: "s".repeat(500) }, "slug"],
      [{ name: "Payments", slug: "payments-1", logo: "https://tracker.example/p.gif" }, "logo"],
    ];
    for (const [body, field] of cases) {
      const response = await client.post("/api/auth/organization/create", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json).toEqual(fieldRefusal(field));
    }
    const update = await client.post("/api/auth/organization/update", { data: { name: "\u0000" } });
    expect(update.json).toEqual(fieldRefusal("data.name"));
  });
});

describe("bad input to better-auth's endpoints", () => {
  it("refuses a NUL in a reset-password token, naming the field, instead of sending it to PostgreSQL", async () => {
    const response = await server.client().post("/api/auth/reset-password", { token: "a\u0000b", newPassword: "violet-harbour-kettle-43" });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toEqual(fieldRefusal("token", "Contains a character that is not allowed"));
  });

  it("refuses NUL and lone surrogates in any text it is given, in the body or the query", async () => {
    const client = await signedIn();
    const attempts: [Promise<{ status: number; json: unknown }>, string][] = [
      [client.post("/api/auth/organization/accept-invitation", { invitationId: "\u0000" }), "invitationId"],
      [client.post("/api/auth/email-otp/check-verification-otp", { email: makeEmail(), type: "sign-in", otp: "12\ud80034" }), "otp"],
      [client.post("/api/auth/organization/has-permission", { permissions: { member: ["\u0000"] } }), "permissions.member.0"],
      [client.request("/api/auth/organization/get-invitation?id=%00"), "id"],
    ];
    for (const [attempt, field] of attempts) {
      const response = await attempt;
      expect(response.status, field).toBe(400);
      expect(response.json).toEqual(fieldRefusal(field, "Contains a character that is not allowed"));
    }
  });

  it("lists a team's members sorted and filtered only by the membership's fields, with values of their type", async () => {
    const client = await signedIn();
    const [team] = (await client.request("/api/auth/organization/list")).json as { id: string }[];
    const list = (query: string) => client.request(`/api/auth/organization/list-members?organizationId=${team?.id}&${query}`);
    const refused: [string, string][] = [
      ["filterField=low&filterValue=x", "filterField"],
      ["sortBy=password", "sortBy"],
      ["limit=-5", "limit"],
      ["limit=1000", "limit"],
      ["offset=ten", "offset"],
      ["filterField=role&filterOperator=in&filterValue=owner", "filterValue"],
    ];
    for (const [query, field] of refused) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.json, query).toEqual(fieldRefusal(field));
    }
    const owners = await list("filterField=role&filterValue=owner&sortBy=createdAt&sortDirection=desc&limit=10");
    expect(owners.status, owners.text).toBe(200);
    expect(owners.json).toMatchObject({ members: [{ role: "owner" }], total: 1 });
    expect((await list("filterField=role&filterValue=member")).json).toMatchObject({ members: [], total: 0 });
  });

  it("answers a resend to an address better-auth finds invalid with 400 naming the e-mail, whatever the type", async () => {
    for (const type of ["sign-in", "forget-password", "email-verification"]) {
      const response = await server.client().post("/api/auth/resend", { email: "a@b.c", type });
      expect(response.status, type).toBe(400);
      expect(response.json).toMatchObject({ message: expect.any(String), fields: { email: [expect.any(String)] } });
    }
  });

  it("answers a signed-in person's resend of another address's confirmation with 400, not 500", async () => {
    const client = await signedIn();
    const response = await client.post("/api/auth/resend", { email: makeEmail(), type: "signup" });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ message: expect.any(String), fields: { email: [expect.any(String)] } });
  });
});

describe("better-auth's answers to requests it cannot serve", () => {
  it("refuses a callback address that is neither a path on this site nor a web address, naming it, instead of a 500", async () => {
    for (const callbackURL of ["-000001-01-01", "javascript:alert(1)", "//evil.example", "not a url"]) {
      const response = await server.client().request(`/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(callbackURL)}`);
      expect(response.status, callbackURL).toBe(400);
      expect(response.json).toEqual(fieldRefusal("callbackURL"));
    }
    const fromTheLink = await server.client().request("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fcallback");
    expect(fromTheLink.status).toBe(302);
  });

  it("gives every refusal a JSON reason, even those better-auth sends without a body", async () => {
    const attempts = [
      server.client().request("/api/auth/no-such-endpoint"),
      server.client().request("/api/auth/reset-password/"),
      server.client().post("/api/auth/no-such-endpoint", {}),
      server.client().post("/api/auth/get-access-token", { providerId: "github" }),
      (await signedIn()).post("/api/auth/delete-user", {}),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status, response.text).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.json).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/\S/) });
    }
  });

  it("names the missing fields of a resend", async () => {
    const response = await server.client().post("/api/auth/resend", {});
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: "validation_failed", fields: { email: [expect.any(String)], type: [expect.any(String)] } });
  });
});

describe("addresses longer than any of better-auth's", () => {
  it("are refused with a reason before better-auth's limiter stores them as a key (an index row too large was a 500)", async () => {
    // Random characters: they do not compress, as a long run of one character would, below PostgreSQL's index row limit.
    const noise = randomBytes(4500).toString("base64url");
    for (const path of [`/api/auth/${noise}`, `/api/auth/reset-password/${noise}?callbackURL=%2F`]) {
      const response = await server.client().request(path, { method: path.includes("reset-password") ? "GET" : "POST", ...(path.includes("reset-password") ? {} : { json: {} }) });
      expect(response.status, path.slice(0, 40)).toBe(414);
      expect(response.json).toMatchObject({ code: "uri_too_long", message: expect.stringMatching(/\S/) });
    }
  });
});
