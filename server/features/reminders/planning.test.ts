// The next automatic nudge of each part, kept true to everything it depends on (plan-reminders.ts): shown on the
// blocker and its cards, moved by a snooze, a nudge by hand, a new priority or due date, the person's working hours,
// the team's schedule; gone once the part is answered. The team's schedule: read by all, changed by owners and admins.
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_SCHEDULE } from "../../../common/reminders.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

/** The coming Monday at 10:00 in Paris (makeTeam's people work there, 09:00–17:00, Monday to Friday). */
const comingMonday = Temporal.Now.zonedDateTimeISO("Europe/Paris").toPlainDate();
const monday = comingMonday.add({ days: (8 - comingMonday.dayOfWeek) % 7 || 7 });
const inParis = (daysAfterMonday: number, time: string) =>
  new Date(monday.add({ days: daysAfterMonday }).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime("Europe/Paris").epochMilliseconds);

const clock = testClock(inParis(0, "10:00"));
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

type Part = { person: { id: string }; status: string; nextReminderAt: string | null };
async function nextReminderOf(viewer: Teammate, blockerId: string, person: Teammate) {
  const blocker = (await viewer.client.request(`/api/blockers/${blockerId}`)).json as { blocking: Part[] };
  const part = blocker.blocking.find((entry) => entry.person.id === person.profileId);
  return part?.nextReminderAt ? new Date(part.nextReminderAt) : null;
}

describe("the next reminder of a part", () => {
  it("is shown to everyone on the blocker: 24 of Bob's working hours after it was logged", async () => {
    const blockerId = await makeBlocker(alice, [bob]);
    expect(await nextReminderOf(alice, blockerId, bob)).toEqual(inParis(3, "10:00"));
    expect(await nextReminderOf(bob, blockerId, bob)).toEqual(inParis(3, "10:00"));
    const waitingOn = (await alice.client.request("/api/blockers/im-waiting-on")).json as { items: { id: string; blocking: Part[] }[] };
    expect(waitingOn.items.find((card) => card.id === blockerId)?.blocking[0]?.nextReminderAt).toBe(inParis(3, "10:00").toISOString());
  });

  it("moves with a snooze, a nudge by hand, the priority and the due date, and is gone once the part is done", async () => {
    const blockerId = await makeBlocker(alice, [bob, carol]);
    expect((await bob.client.post(`/api/blockers/${blockerId}/snooze`, { until: inParis(4, "15:00").toISOString() })).status).toBe(200);
    expect(await nextReminderOf(alice, blockerId, bob)).toEqual(inParis(4, "15:00"));

    clock.advance(60 * 60 * 1000); // Monday 11:00
    expect((await alice.client.post(`/api/blockers/${blockerId}/nudge`, { profileId: carol.profileId })).status).toBe(200);
    // 48 working hours after Monday 11:00: the next Tuesday at 11:00.
    expect(await nextReminderOf(alice, blockerId, carol)).toEqual(inParis(8, "11:00"));

    expect((await alice.client.request(`/api/blockers/${blockerId}`, { method: "PATCH", json: { priority: "urgent" } })).status).toBe(200);
    expect(await nextReminderOf(alice, blockerId, carol)).toEqual(inParis(1, "11:00"));

    expect((await alice.client.request(`/api/blockers/${blockerId}`, { method: "PATCH", json: { priority: "normal", dueAt: inParis(2, "16:00").toISOString() } })).status).toBe(200);
    expect(await nextReminderOf(alice, blockerId, carol)).toEqual(inParis(1, "16:00"));

    expect((await carol.client.post(`/api/blockers/${blockerId}/done`)).status).toBe(200);
    expect(await nextReminderOf(alice, blockerId, carol)).toBeNull();
    clock.advance(-60 * 60 * 1000);
  });

  it("follows the person's working hours and time zone when they change them", async () => {
    const blockerId = await makeBlocker(alice, [carol]);
    expect(await nextReminderOf(alice, blockerId, carol)).toEqual(inParis(3, "10:00"));
    const changed = await carol.client.request("/api/profile", { method: "PATCH", json: { workingHours: { days: [1, 2, 3, 4, 5], start: "10:00", end: "14:00" } } });
    expect(changed.status).toBe(200);
    // Four hours a day from Monday 10:00: the 24th ends as the next Monday's hours end, so Tuesday at 10:00.
    expect(await nextReminderOf(alice, blockerId, carol)).toEqual(inParis(8, "10:00"));
    await carol.client.request("/api/profile", { method: "PATCH", json: { workingHours: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" } } });
  });
});

describe("away until a date", () => {
  it("holds the person's reminders until their first working day back, and lifts with the date cleared", async () => {
    const blockerId = await makeBlocker(alice, [bob]);
    expect(await nextReminderOf(alice, blockerId, bob)).toEqual(inParis(3, "10:00"));
    const away = await bob.client.request("/api/profile", { method: "PATCH", json: { awayUntil: monday.add({ days: 7 }).toString() } });
    expect(away.status, away.text).toBe(200);
    expect(away.json).toMatchObject({ awayUntil: monday.add({ days: 7 }).toString() });
    expect(await nextReminderOf(alice, blockerId, bob)).toEqual(inParis(8, "09:00"));
    expect((await bob.client.request("/api/profile", { method: "PATCH", json: { awayUntil: null } })).status).toBe(200);
    expect(await nextReminderOf(alice, blockerId, bob)).toEqual(inParis(3, "10:00"));
  });

  it("is a date from today to a year ahead", async () => {
    for (const awayUntil of [monday.subtract({ days: 1 }).toString(), monday.add({ days: 400 }).toString(), "2027-02-30", "next week"]) {
      const refused = await bob.client.request("/api/profile", { method: "PATCH", json: { awayUntil } });
      expect(refused.status, awayUntil).toBe(400);
      expect(refused.json, awayUntil).toMatchObject({ fields: { awayUntil: [expect.any(String)] } });
    }
  });
});

describe("the team's schedule", () => {
  it("is read by every member, with whether they may change it", async () => {
    expect((await bob.client.request("/api/reminders/schedule")).json).toEqual({ schedule: DEFAULT_REMINDER_SCHEDULE, canEdit: false });
    expect((await alice.client.request("/api/reminders/schedule")).json).toEqual({ schedule: DEFAULT_REMINDER_SCHEDULE, canEdit: true });
  });

  it("is changed by owners and admins only, and applies to the team's open blockers at once", async () => {
    const blockerId = await makeBlocker(carol, [bob]);
    const faster = { ...DEFAULT_REMINDER_SCHEDULE, firstAfterHours: 8 };
    const refused = await bob.client.request("/api/reminders/schedule", { method: "PUT", json: faster });
    expect(refused.status).toBe(403);
    const changed = await alice.client.request("/api/reminders/schedule", { method: "PUT", json: faster });
    expect(changed.status, changed.text).toBe(200);
    expect(await nextReminderOf(carol, blockerId, bob)).toEqual(inParis(1, "10:00"));
    expect((await bob.client.request("/api/reminders/schedule")).json).toMatchObject({ schedule: faster });

    const paused = await alice.client.request("/api/reminders/schedule", { method: "PUT", json: { ...faster, paused: true } });
    expect(paused.status).toBe(200);
    expect(await nextReminderOf(carol, blockerId, bob)).toBeNull();
    await alice.client.request("/api/reminders/schedule", { method: "PUT", json: DEFAULT_REMINDER_SCHEDULE });
    expect(await nextReminderOf(carol, blockerId, bob)).toEqual(inParis(3, "10:00"));
  });

  it("refuses values out of range, naming the field: 0, negative, fractions, over 30 days, a missing one", async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ ...DEFAULT_REMINDER_SCHEDULE, firstAfterHours: 0 }, "firstAfterHours"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, repeatEveryHours: -4 }, "repeatEveryHours"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, urgentRepeatEveryHours: 0.5 }, "urgentRepeatEveryHours"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, dueSoonWithinHours: 721 }, "dueSoonWithinHours"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, escalateAfter: 0 }, "escalateAfter"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, paused: "yes" }, "paused"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, firstAfterHours: undefined }, "firstAfterHours"],
      [{ ...DEFAULT_REMINDER_SCHEDULE, extra: 1 }, "_"],
    ];
    for (const [schedule, field] of refused) {
      const answer = await alice.client.request("/api/reminders/schedule", { method: "PUT", json: schedule });
      expect(answer.status, field).toBe(400);
      expect(Object.keys((answer.json as { fields: Record<string, string[]> }).fields), field).toContain(field);
    }
  });
});
