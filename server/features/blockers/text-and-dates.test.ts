// Typed text and dates that PostgreSQL or JavaScript cannot hold are refused with the field named, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let alice: Teammate, bob: Teammate;
let blockerId: string;

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  blockerId = await makeBlocker(alice, [bob]);
});
afterAll(() => server?.stop());

const LONE_SURROGATES = ["\ud800", "before \udfff after", "\udc00\ud800"];

describe("typed text with a lone surrogate (half of an emoji, invalid in UTF-8)", () => {
  it("refuses it in a comment, naming the field", async () => {
    for (const body of LONE_SURROGATES) {
      const response = await alice.client.post(`/api/blockers/${blockerId}/comments`, { body });
      expect(response.status, response.text).toBe(400);
      expect(response.json).toMatchObject({ code: "validation_failed", fields: { body: ["Contains a character that is not allowed"] } });
    }
  });

  it("refuses it in a decline reason, naming the field", async () => {
    const response = await bob.client.post(`/api/blockers/${blockerId}/decline`, { reason: "\ud800" });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ fields: { reason: ["Contains a character that is not allowed"] } });
  });

  it("refuses it in a title, a description, a name and a team name", async () => {
    const blocker = await alice.client.post("/api/blockers", { title: "Keys \ud83d", description: "\udea9", blockingProfileIds: [bob.profileId] });
    expect(blocker.json).toMatchObject({ fields: { title: [expect.any(String)], description: [expect.any(String)] } });
    const name = await alice.client.request("/api/profile", { method: "PATCH", json: { fullName: "Al\udc00ice" } });
    expect(name.json).toMatchObject({ fields: { fullName: ["Contains a character that is not allowed"] } });
    const team = await alice.client.post("/api/onboarding/team", { name: "Pay\ud800ments" });
    expect(team.json).toMatchObject({ fields: { name: ["Contains a character that is not allowed"] } });
  });

  it("keeps whole emoji, whose two halves arrive together", async () => {
    const response = await alice.client.post(`/api/blockers/${blockerId}/comments`, { body: "Thanks 🙏🏽 👍" });
    expect(response.status, response.text).toBe(201);
  });
});

describe("dates outside what JavaScript and PostgreSQL both hold", () => {
  it("refuses a due date that falls in the year 10000 once in UTC", async () => {
    const response = await alice.client.post("/api/blockers", { title: "Far", blockingProfileIds: [bob.profileId], dueAt: "9999-12-31T23:59:59-14:00" });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ fields: { dueAt: ["Use a date between 1970 and 9999"] } });
  });

  it("refuses a snooze until the year 10000", async () => {
    const response = await bob.client.post(`/api/blockers/${blockerId}/snooze`, { until: "9999-12-31T23:00:00-12:00" });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ fields: { until: ["Use a date between 1970 and 9999"] } });
  });

  it("refuses a snooze whose end moves into the year 10000 to reach working hours (the fuzz found a 500)", async () => {
    // Friday 31 December 9999, after hours: the next working moment is Monday 3 January 10000.
    const response = await bob.client.post(`/api/blockers/${blockerId}/snooze`, { until: "9999-12-31T23:59:59Z" });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ fields: { until: ["Use a date between 1970 and 9999"] } });
  });

  it("says only what is wrong with text that is not a date at all", async () => {
    const response = await alice.client.post("/api/blockers", { title: "Soon", blockingProfileIds: [bob.profileId], dueAt: "tomorrow" });
    expect(response.json).toMatchObject({ fields: { dueAt: ["Use a date and time"] } });
    const filter = await alice.client.request("/api/blockers/resolved?from=last-week");
    expect(filter.json).toMatchObject({ fields: { from: ["Use a date like 2026-01-31"] } });
  });

  it("still accepts a due date late in the year 9999", async () => {
    const response = await alice.client.post("/api/blockers", { title: "Very far", blockingProfileIds: [bob.profileId], dueAt: "9999-12-31T23:59:59Z" });
    expect(response.status, response.text).toBe(201);
  });

  it("refuses resolved-list filters before 1970, and lists up to the last day of 9999", async () => {
    for (const query of ["from=0000-01-01", "to=0000-01-01", "from=1969-12-31"]) {
      const response = await alice.client.request(`/api/blockers/resolved?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json).toMatchObject({ fields: { [query.split("=")[0] ?? ""]: ["Use a date between 1970 and 9999"] } });
    }
    for (const query of ["to=9999-12-31", "from=1970-01-01&to=9999-12-31"]) {
      const response = await alice.client.request(`/api/blockers/resolved?${query}`);
      expect(response.status, `${query}: ${response.text}`).toBe(200);
    }
  });
});
