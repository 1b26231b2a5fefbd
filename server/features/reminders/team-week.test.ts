// A week of a three-person team's reminders, simulated with a moved clock and a real SMTP server: Alice in Paris
// waits on Bob in New York (a normal blocker) and on Carol in Tokyo (an urgent one, Carol reads a daily digest);
// the team escalates after 3 reminders. The clock moves through the week a quarter of an hour at a time, the engine
// sends what is due at each step (as its job does every minute), and every e-mail that arrived is checked: who got
// it, when in their own time zone (the Date header, by the app's clock), its subject, and its links.
import { eq, inArray } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../../../common/notification-preferences.ts";
import { DEFAULT_REMINDER_SCHEDULE } from "../../../common/reminders.ts";
import { deliveries } from "../../db/schema.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import type { CaughtMail } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { queueDueDigests } from "../notifications/queue-digests.ts";
import { sendDueReminders } from "./send-due-reminders.ts";

const PARIS = "Europe/Paris";
const NEW_YORK = "America/New_York";
const TOKYO = "Asia/Tokyo";
const today = Temporal.Now.zonedDateTimeISO(PARIS).toPlainDate();
const monday = today.add({ days: (8 - today.dayOfWeek) % 7 || 7 });
const inParis = (daysAfterMonday: number, time: string) => new Date(monday.add({ days: daysAfterMonday }).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(PARIS).epochMilliseconds);
const STEP_MS = 15 * 60 * 1000;
const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const clock = testClock(inParis(-1, "20:00"));
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;
const zoneOf = new Map<string, string>();
const nameOf = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"], "Checkout")) as [Teammate, Teammate, Teammate];
  const settle = async (person: Teammate, timezone: string, changes: Record<string, unknown> = {}) => {
    const saved = await person.client.request("/api/profile", { method: "PATCH", json: { timezone, ...changes } });
    expect(saved.status, saved.text).toBe(200);
    zoneOf.set(person.email, timezone);
    nameOf.set(person.email, person.name);
  };
  // Alice also wants to hear by e-mail when someone does their part; Carol reads one digest a day instead of e-mails.
  await settle(alice, PARIS, { notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, done: { email: true, chat: true } } } });
  await settle(bob, NEW_YORK);
  await settle(carol, TOKYO, { notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, dailyDigest: true } });
  const schedule = await alice.client.request("/api/reminders/schedule", { method: "PUT", json: { ...DEFAULT_REMINDER_SCHEDULE, escalateAfter: 3 } });
  if (schedule.status !== 200) throw new Error(`The schedule was not saved: ${schedule.text}`);
}, 60_000);
afterAll(() => server?.stop());

/** Every e-mail queued so far has been sent (or found to have nothing to say): the clock may move on. */
async function deliveriesSettled() {
  await vi.waitFor(
    async () => {
      const unsent = await server.deps.db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.status, ["pending", "sending"]));
      expect(unsent).toEqual([]);
    },
    { timeout: 15_000, interval: 20 },
  );
}

const dayAndTime = (moment: Temporal.ZonedDateTime) => `${weekdays[moment.dayOfWeek - 1]} ${moment.toPlainTime().toString().slice(0, 5)}`;
/** When the mail went out, in the recipient's own zone: "Thursday 09:00". */
const sentAtLocally = (mail: CaughtMail) => dayAndTime(Temporal.Instant.fromEpochMilliseconds(Date.parse(mail.headers.date ?? "")).toZonedDateTimeISO(zoneOf.get(mail.to) ?? "UTC"));
/** A moment of this week in one zone, as read in another ("Thursday 13:00" in Tokyo is "Thursday 05:00" in Paris in
 * winter, 06:00 in summer: worked out, since the offsets depend on the week the test runs in). */
const seenIn = (zone: string, daysAfterMonday: number, time: string, readerZone: string) => dayAndTime(monday.add({ days: daysAfterMonday }).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(zone).withTimeZone(readerZone));
const linkIn = (mail: CaughtMail, label: string) => new RegExp(`^${label}: (\\S+)$`, "m").exec(mail.text)?.[1] ?? "";

describe("a week of a three-person team's reminders", () => {
  it("reaches each person when it should, in their own working hours, with the right subject and links", { timeout: 240_000 }, async () => {
    const before = server.mail.mails.length;
    clock.advance(inParis(0, "00:00").getTime() - clock.now().getTime());
    let apiSpec = "";
    let loadTest = "";
    let markedDone: unknown;
    for (let moment = inParis(0, "00:00").getTime(); moment < inParis(7, "00:00").getTime(); moment += STEP_MS) {
      clock.advance(moment - clock.now().getTime());
      if (moment === inParis(0, "10:00").getTime()) {
        apiSpec = await makeBlocker(alice, [bob], { title: "API spec for payments" });
        loadTest = await makeBlocker(alice, [carol], { title: "Load-test budget", priority: "urgent" });
      }
      await sendDueReminders(server.deps, clock.now());
      await queueDueDigests(server.deps, clock.now());
      await deliveriesSettled();
      // Bob answers his reminder from his inbox, without signing in: Mark done.
      const reminder = server.mail.mails.find((mail) => mail.to === bob.email && mail.text.includes("A reminder"));
      if (reminder && markedDone === undefined) {
        const token = decodeURIComponent(new URL(linkIn(reminder, "Mark done")).pathname.split("/").at(-1) ?? "");
        markedDone = (await server.client().request(`/api/email-links/${encodeURIComponent(token)}`, { method: "POST", json: {} })).json;
        await deliveriesSettled();
      }
    }
    expect(markedDone).toMatchObject({ state: "used", outcome: { done: true } });

    const week = server.mail.mails.slice(before);
    expect(week.map((mail) => ({ to: nameOf.get(mail.to), at: sentAtLocally(mail), subject: mail.subject }))).toEqual([
      // As Alice logs them (Monday 10:00 in Paris, before dawn in New York): Bob hears at once; Carol reads digests.
      { to: "Bob", at: seenIn(PARIS, 0, "10:00", NEW_YORK), subject: "Alice is waiting on you: API spec for payments" },
      // Carol's days in Tokyo start at 09:00; Monday's had nothing to say (nothing waited on her yet).
      { to: "Carol", at: "Tuesday 09:00", subject: "You're holding up 1 person" },
      { to: "Carol", at: "Wednesday 09:00", subject: "You're holding up 1 person" },
      { to: "Carol", at: "Thursday 09:00", subject: "You're holding up 1 person" },
      // Her urgent reminders: 4 of her working hours (Tuesday 13:00), then every 8 (Wednesday, Thursday 13:00 in
      // Tokyo): the third is escalated to the team's owner at once — before dawn in Paris.
      { to: "Alice", at: seenIn(TOKYO, 3, "13:00", PARIS), subject: "Carol has not answered after 3 reminders: Load-test budget" },
      // Bob's first reminder: 24 of his working hours (Monday to Wednesday, 09:00–17:00 in New York); he marks it
      // done from the e-mail, and Alice hears at once.
      // A reminder's subject says so, with how long it has waited (logged Monday 10:00 in Paris).
      { to: "Bob", at: "Thursday 09:00", subject: "Reminder: API spec for payments (waiting 3 days)" },
      { to: "Alice", at: seenIn(NEW_YORK, 3, "09:00", PARIS), subject: "Bob did their part: API spec for payments" },
      { to: "Carol", at: "Friday 09:00", subject: "You're holding up 1 person" },
    ]);

    // The reminder to Bob: what it is, and links that act in one click, with the unsubscribe headers of RFC 8058.
    const reminder = week.find((mail) => mail.to === bob.email && mail.text.includes("A reminder: Alice is still waiting on you"));
    expect(reminder).toBeDefined();
    if (!reminder) return;
    expect(linkIn(reminder, "Mark done")).toMatch(/^http:\/\/localhost:\d+\/e\/[^/\s]+$/);
    expect(linkIn(reminder, "Snooze until tomorrow")).toMatch(/^http:\/\/localhost:\d+\/e\/[^/\s]+$/);
    expect(linkIn(reminder, "Decline")).toMatch(/^http:\/\/localhost:\d+\/e\/[^/\s]+$/);
    // What the blocker is besides its title: its priority and how long it has waited.
    expect(reminder.text).toContain("Normal priority · waiting 3 days");
    expect(linkIn(reminder, "Open")).toBe(`${server.config.appUrl}/blockers/${apiSpec}`);
    expect(linkIn(reminder, "Stop e-mails about nudges")).toMatch(/\/e\//);
    expect(reminder.headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/api\/email-links\/[^>]+\/one-click>$/);
    expect(reminder.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(reminder.headers["x-holdup-idempotency-key"]).toMatch(/^notification:[0-9a-f-]{36}:email$/);
    expect(reminder.html).toContain("Snooze until tomorrow");

    // The escalation opens the blocker; the digests say what waits on Carol and what changed since the last one.
    const escalation = week.find((mail) => mail.to === alice.email && mail.subject.startsWith("Carol has not answered"));
    expect(escalation?.text).toContain("Holdup has reminded Carol 3 times without an answer.");
    expect(escalation && linkIn(escalation, "Open")).toMatch(/\/blockers\/[0-9a-f-]{36}$/);
    const digests = week.filter((mail) => mail.to === carol.email);
    expect(digests.map((mail) => /“Load-test budget” — Alice waiting [^\n]+/.exec(mail.text)?.[0])).toEqual([
      "“Load-test budget” — Alice waiting since yesterday",
      "“Load-test budget” — Alice waiting for 2 days",
      "“Load-test budget” — Alice waiting for 3 days",
      "“Load-test budget” — Alice waiting for 4 days",
    ]);
    expect(digests.map((mail) => /Since your last digest: [^\n]+/.exec(mail.text)?.[0])).toEqual([
      "Since your last digest: 1 new blocker on you.",
      "Since your last digest: 1 nudge.",
      "Since your last digest: 1 nudge.",
      "Since your last digest: 1 nudge.",
    ]);
    for (const digest of digests) expect(linkIn(digest, "Stop the daily digest")).toMatch(/\/e\//);

    // Nothing was sent twice, and Carol's four reminders are on the blocker's timeline though none came as an e-mail.
    expect(new Set(week.map((mail) => mail.headers["x-holdup-idempotency-key"])).size).toBe(week.length);
    const { timeline } = (await alice.client.request(`/api/blockers/${loadTest}`)).json as { timeline: { type: string }[] };
    expect(timeline.filter((event) => event.type === "auto_nudged")).toHaveLength(4);
    expect(await server.deps.db.select({ to: deliveries.profileId }).from(deliveries).where(eq(deliveries.kind, "nudged"))).toEqual([{ to: bob.profileId }]);
  });
});
