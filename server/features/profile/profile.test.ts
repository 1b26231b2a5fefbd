import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../../../common/notification-preferences.ts";
import { onboard, signUp } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import type { BrowserLikeClient } from "../../test/browser-like-client.ts";

let server: TestServer;
let person: BrowserLikeClient;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  person = server.client();
  await signUp(person);
  await onboard(person, { fullName: "Robin Example" });
});
afterAll(() => server?.stop());

describe("changing one's profile", () => {
  it("refuses a change that changes nothing with 400 naming the fields it takes", async () => {
    const response = await person.request("/api/profile", { method: "PATCH", json: {} });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ code: "validation_failed", fields: { _: [expect.stringContaining("fullName")] } });
  });

  it("refuses a body sent without a JSON content type, or no body at all, instead of reading it as no change", async () => {
    const contentTypes: Record<string, string>[] = [{}, { "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }];
    for (const headers of contentTypes) {
      const response = await person.request("/api/profile", { method: "PATCH", body: JSON.stringify({ fullName: "Robin" }), headers });
      // The API's same-origin guard answers 415 for a body that is not JSON before this route is reached.
      expect([400, 415], JSON.stringify(headers)).toContain(response.status);
      expect(response.text).toContain("JSON");
    }
    const empty = await person.request("/api/profile", { method: "PATCH" });
    expect(empty.status, empty.text).toBe(400);
    expect(empty.json).toMatchObject({ code: "validation_failed", fields: { _: [expect.stringContaining("JSON")] } });
  });

  it("still changes the name alone, the time zone alone, or both", async () => {
    expect((await person.request("/api/profile", { method: "PATCH", json: { fullName: "Robin B." } })).json).toMatchObject({ fullName: "Robin B." });
    expect((await person.request("/api/profile", { method: "PATCH", json: { timezone: "Asia/Tokyo" } })).json).toMatchObject({ fullName: "Robin B.", timezone: "Asia/Tokyo" });
    expect((await person.request("/api/profile", { method: "PATCH", json: { fullName: "Robin", timezone: "UTC" } })).json).toMatchObject({ fullName: "Robin", timezone: "UTC" });
  });

  it("sets working hours, starting from Monday to Friday, 9 to 5, and refuses any that make no sense", async () => {
    expect((await person.request("/api/profile")).json).toMatchObject({ workingHours: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" } });
    const hours = { days: [1, 2, 3, 4, 6], start: "08:30", end: "16:30" };
    expect((await person.request("/api/profile", { method: "PATCH", json: { workingHours: hours } })).json).toMatchObject({ workingHours: hours });
    const refused: [unknown, string][] = [
      [{ ...hours, days: [] }, "workingHours.days"],
      [{ ...hours, days: [0] }, "workingHours.days.0"],
      [{ ...hours, days: [8] }, "workingHours.days.0"],
      [{ ...hours, days: [1, 1] }, "workingHours.days"],
      [{ ...hours, days: [1.5] }, "workingHours.days.0"],
      [{ ...hours, start: "9am" }, "workingHours.start"],
      [{ ...hours, start: "24:00" }, "workingHours.start"],
      [{ ...hours, start: "17:00", end: "09:00" }, "workingHours.end"],
      [{ ...hours, start: "09:00", end: "09:00" }, "workingHours.end"],
      ["9 to 5", "workingHours"],
    ];
    for (const [workingHours, field] of refused) {
      const response = await person.request("/api/profile", { method: "PATCH", json: { workingHours } });
      expect(response.status, JSON.stringify(workingHours)).toBe(400);
      expect(response.json).toMatchObject({ fields: { [field]: [expect.any(String)] } });
    }
    expect((await person.request("/api/profile")).json).toMatchObject({ workingHours: hours });
  });
});

describe("notification preferences", () => {
  it("are the defaults until chosen, then each event type's e-mail and chat channels and the daily digest as saved", async () => {
    expect((await person.request("/api/profile")).json).toMatchObject({ notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES });
    const chosen = {
      events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, commented: { email: false, chat: false }, done: { email: true, chat: true } },
      dailyDigest: true,
    };
    const saved = await person.request("/api/profile", { method: "PATCH", json: { notificationPreferences: chosen } });
    expect(saved.status, saved.text).toBe(200);
    expect((await person.request("/api/profile")).json).toMatchObject({ notificationPreferences: chosen });
  });

  it("refuse an event type missing or unknown, a channel that is not on or off, naming the field", async () => {
    const { commented: _left, ...missing } = DEFAULT_NOTIFICATION_PREFERENCES.events;
    const refused: [unknown, string][] = [
      [{ events: missing, dailyDigest: false }, "notificationPreferences.events.commented"],
      [{ events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, gossip: { email: true, chat: true } }, dailyDigest: false }, "notificationPreferences.events"],
      [{ events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, nudged: { email: "yes", chat: true } }, dailyDigest: false }, "notificationPreferences.events.nudged.email"],
      [{ events: DEFAULT_NOTIFICATION_PREFERENCES.events }, "notificationPreferences.dailyDigest"],
    ];
    for (const [notificationPreferences, field] of refused) {
      const answer = await person.request("/api/profile", { method: "PATCH", json: { notificationPreferences } });
      expect(answer.status, field).toBe(400);
      expect(Object.keys((answer.json as { fields: Record<string, string[]> }).fields), field).toContain(field);
    }
  });
});
