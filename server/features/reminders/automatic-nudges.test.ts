// The reminder engine with a moved clock and a real SMTP server: automatic nudges go out once, when due, inside the
// recipient's working hours, never while snoozed or once answered; the K-th is escalated to the owners and admins,
// once; each is on the timeline, in the app and (as chosen) by e-mail; an e-mail that fails is tried again.
import { eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../../../common/notification-preferences.ts";
import { DEFAULT_REMINDER_SCHEDULE } from "../../../common/reminders.ts";
import { deliveries } from "../../db/schema.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { sendDueReminders } from "./send-due-reminders.ts";

const today = Temporal.Now.zonedDateTimeISO("Europe/Paris").toPlainDate();
const monday = today.add({ days: (8 - today.dayOfWeek) % 7 || 7 });
const inParis = (daysAfterMonday: number, time: string) => new Date(monday.add({ days: daysAfterMonday }).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime("Europe/Paris").epochMilliseconds);

const clock = testClock(inParis(0, "10:00"));
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

const at = (moment: Date) => clock.advance(moment.getTime() - clock.now().getTime());
const sendDue = () => sendDueReminders(server.deps, clock.now());
type Timeline = { timeline: { type: string; subject: { id: string } | null }[]; blocking: { person: { id: string }; nextReminderAt: string | null }[] };
const blockerAs = async (viewer: Teammate, id: string) => (await viewer.client.request(`/api/blockers/${id}`)).json as Timeline;
const automaticNudgesOf = async (id: string) => (await blockerAs(alice, id)).timeline.filter((event) => event.type === "auto_nudged").length;
type Notification = { type: string; blockerId: string; payload: Record<string, unknown> };
const notificationsOf = async (person: Teammate) => (await person.client.request("/api/notifications")).json as Notification[];

describe("automatic nudges", () => {
  it("go out once when due: the timeline, the app and the e-mail say so, and the next one is planned", async () => {
    at(inParis(0, "10:00"));
    const id = await makeBlocker(alice, [bob], { title: "Rates for the Q3 plan" });
    at(inParis(3, "09:59"));
    expect(await sendDue()).toMatchObject({ nudged: 0 });
    at(inParis(3, "10:00"));
    expect(await sendDue()).toMatchObject({ nudged: 1 });
    // Asked again at the same moment (a retry, another instance): nothing more.
    expect(await sendDue()).toMatchObject({ nudged: 0 });
    expect(await automaticNudgesOf(id)).toBe(1);
    expect((await notificationsOf(bob)).filter((item) => item.blockerId === id && item.type === "nudged")).toEqual([expect.objectContaining({ payload: expect.objectContaining({ automatic: true }) })]);
    const mail = await server.mail.waitFor(bob.email, (arrived) => arrived.subject.startsWith("Reminder: Rates for the Q3 plan (waiting ") && arrived.text.includes("A reminder"));
    expect(mail.messageId).toMatch(/^<delivery\.[0-9a-f-]+@localhost>$/);
    // 48 working hours after Thursday 10:00: the next Monday but one, at 10:00.
    expect((await blockerAs(alice, id)).blocking[0]?.nextReminderAt).toBe(inParis(11, "10:00").toISOString());
  });

  it("wait for the person's working hours: a server that slept through the day sends nothing at night, then one", async () => {
    at(inParis(7, "10:00"));
    const id = await makeBlocker(alice, [carol], { title: "Night owl" });
    // The clock jumps past the due time (Thursday 10:00) to Thursday 23:00: due, but Carol is not at work.
    at(inParis(10, "23:00"));
    expect(await sendDue()).toMatchObject({ nudged: 0 });
    expect((await blockerAs(alice, id)).blocking[0]?.nextReminderAt).toBe(inParis(11, "09:00").toISOString());
    at(inParis(11, "09:00"));
    expect((await sendDue()).nudged).toBeGreaterThanOrEqual(1);
    expect(await automaticNudgesOf(id)).toBe(1);
  });

  it("never come while the part is snoozed, nor once it is answered or the blocker ended", async () => {
    at(inParis(14, "10:00"));
    const snoozed = await makeBlocker(alice, [bob], { title: "Snoozed one" });
    const answered = await makeBlocker(alice, [bob], { title: "Answered one" });
    const cancelled = await makeBlocker(alice, [bob], { title: "Cancelled one" });
    expect((await bob.client.post(`/api/blockers/${snoozed}/snooze`, { until: inParis(21, "12:00").toISOString() })).status).toBe(200);
    expect((await bob.client.post(`/api/blockers/${answered}/done`)).status).toBe(200);
    expect((await alice.client.post(`/api/blockers/${cancelled}/cancel`)).status).toBe(200);
    at(inParis(18, "12:00"));
    await sendDue();
    for (const id of [snoozed, answered, cancelled]) expect(await automaticNudgesOf(id)).toBe(0);
    at(inParis(21, "12:00"));
    await sendDue();
    expect(await automaticNudgesOf(snoozed)).toBe(1);
    expect(await automaticNudgesOf(answered)).toBe(0);
  });

  it("are not e-mailed to someone who turned nudge e-mails off (the app still shows them)", async () => {
    const off = { ...DEFAULT_NOTIFICATION_PREFERENCES, events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, nudged: { email: false, chat: true } } };
    expect((await carol.client.request("/api/profile", { method: "PATCH", json: { notificationPreferences: off } })).status).toBe(200);
    at(inParis(21, "10:00"));
    const id = await makeBlocker(alice, [carol], { title: "Quiet please" });
    at(inParis(24, "10:00"));
    await sendDue();
    expect(await automaticNudgesOf(id)).toBe(1);
    expect((await notificationsOf(carol)).some((item) => item.blockerId === id && item.type === "nudged")).toBe(true);
    const queued = await server.deps.db.select().from(deliveries).where(eq(deliveries.profileId, carol.profileId));
    expect(queued.filter((delivery) => delivery.kind === "nudged" && delivery.createdAt.getTime() === clock.now().getTime())).toEqual([]);
    expect((await carol.client.request("/api/profile", { method: "PATCH", json: { notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES } })).status).toBe(200);
  });
});

describe("escalation", () => {
  it("tells the team's owners and admins after the K-th automatic nudge, once", async () => {
    expect((await alice.client.request("/api/reminders/schedule", { method: "PUT", json: { ...DEFAULT_REMINDER_SCHEDULE, escalateAfter: 2, repeatEveryHours: 8 } })).status).toBe(200);
    at(inParis(28, "10:00"));
    const id = await makeBlocker(carol, [bob], { title: "Vendor contract" });
    // Thursday (the first, 24 working hours on), Friday and Monday (8 working hours apart).
    for (const day of [31, 32, 35]) {
      at(inParis(day, "10:00"));
      await sendDue();
    }
    expect(await automaticNudgesOf(id)).toBe(3);
    const escalations = (await notificationsOf(alice)).filter((item) => item.blockerId === id && item.type === "escalated");
    expect(escalations).toHaveLength(1);
    expect(escalations[0]?.payload).toMatchObject({ reminders: 2 });
    expect((await blockerAs(carol, id)).timeline.filter((event) => event.type === "escalated")).toEqual([expect.objectContaining({ subject: expect.objectContaining({ id: bob.profileId }) })]);
    await server.mail.waitFor(alice.email, (mail) => mail.subject.startsWith("Bob has not answered after 2 reminders"));
    // Bob is a member, not an admin: not told about himself.
    expect((await notificationsOf(bob)).some((item) => item.type === "escalated")).toBe(false);
    await alice.client.request("/api/reminders/schedule", { method: "PUT", json: DEFAULT_REMINDER_SCHEDULE });
  });
});

describe("an e-mail that fails", () => {
  // The retries run on the job queue's real time (a second apart in tests): generous limits for a loaded machine.
  it("is tried again, and arrives once the mail server takes it", { timeout: 60_000 }, async () => {
    at(inParis(42, "10:00"));
    server.mail.refuseRecipients(true);
    const id = await makeBlocker(alice, [carol], { title: "Mail server hiccup" });
    const delivery = async () => (await server.deps.db.select().from(deliveries).where(eq(deliveries.profileId, carol.profileId))).find((row) => row.kind === "blocker_assigned" && row.createdAt.getTime() === clock.now().getTime());
    await expect.poll(async () => (await delivery())?.lastError ?? "", { timeout: 10_000 }).toContain("550");
    server.mail.refuseRecipients(false);
    await server.mail.waitFor(carol.email, (mail) => mail.subject === "Alice is waiting on you: Mail server hiccup", 30_000);
    await expect.poll(async () => (await delivery())?.status, { timeout: 20_000 }).toBe("sent");
    expect(id).toBeTruthy();
  });

  it("that keeps failing through every retry is shown to the team's owners and admins with its error, and in /api/health", { timeout: 60_000 }, async () => {
    at(inParis(49, "10:00"));
    server.mail.refuseRecipients(true);
    try {
      await makeBlocker(alice, [carol], { title: "Mail server down for good" });
      type Health = { failed: { recipient: { email: string }; error: string; attempts: number; blockerTitle: string | null }[] };
      const failedFor = async () => ((await alice.client.request("/api/reminders/deliveries")).json as Health).failed.filter((row) => row.blockerTitle === "Mail server down for good");
      // One try and TEST_EMAIL_RETRIES' three more, a second apart.
      await expect.poll(async () => (await failedFor()).length, { timeout: 45_000 }).toBe(1);
      expect((await failedFor())[0]).toMatchObject({ recipient: { email: carol.email }, error: expect.stringContaining("550"), attempts: 4 });
      expect((await bob.client.request("/api/reminders/deliveries")).status).toBe(403);
      const health = await server.client().request("/api/health");
      expect(health.status).toBe(200);
      expect(health.json).toMatchObject({ ok: true, deliveries: { status: "failing", failedLastDay: 1 } });
    } finally {
      server.mail.refuseRecipients(false);
    }
  });
});
