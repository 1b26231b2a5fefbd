// The daily digest instead of single e-mails: once, at the start of the person's working day (their zone, their
// days), saying what waits on them and what changed; its link turns it off.
import { Temporal } from "temporal-polyfill";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../../../common/notification-preferences.ts";
import { deliveries } from "../../db/schema.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { queueDueDigests } from "./queue-digests.ts";

const today = Temporal.Now.zonedDateTimeISO("Europe/Paris").toPlainDate();
const monday = today.add({ days: (8 - today.dayOfWeek) % 7 || 7 });
const inParis = (daysAfterMonday: number, time: string) => new Date(monday.add({ days: daysAfterMonday }).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime("Europe/Paris").epochMilliseconds);
const clock = testClock(inParis(0, "10:00"));
const at = (moment: Date) => clock.advance(moment.getTime() - clock.now().getTime());

let server: TestServer;
let alice: Teammate, bob: Teammate, dora: Teammate, carol: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  // Made while the clock is where it starts: better-auth dates invitations by the wall clock.
  [dora, carol] = (await makeTeam(server, ["Dora", "Carol"], "Leavers")) as [Teammate, Teammate];
});
afterAll(() => server?.stop());

describe("the daily digest", () => {
  it("replaces single e-mails, and comes once at the start of the person's working day", async () => {
    expect((await bob.client.request("/api/profile", { method: "PATCH", json: { notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, dailyDigest: true } } })).status).toBe(200);
    await makeBlocker(alice, [bob], { title: "Budget for the offsite" });
    await makeBlocker(alice, [bob], { title: "Hiring plan" });
    // Not at work yet (Tuesday 08:30): nothing. At 09:00: one, and only one however often asked.
    at(inParis(1, "08:30"));
    expect(await queueDueDigests(server.deps, clock.now())).toBe(0);
    at(inParis(1, "09:00"));
    expect(await queueDueDigests(server.deps, clock.now())).toBe(1);
    expect(await queueDueDigests(server.deps, clock.now())).toBe(0);
    at(inParis(1, "15:00"));
    expect(await queueDueDigests(server.deps, clock.now())).toBe(0);
    const digest = await server.mail.waitFor(bob.email, (mail) => mail.subject === "You're holding up 1 person");
    expect(digest.text).toContain("“Budget for the offsite” — Alice waiting since yesterday");
    expect(digest.text).toContain("“Hiring plan” — Alice waiting since yesterday");
    expect(digest.text).toContain("Since your last digest: 2 new blockers on you.");
    expect(digest.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // No single e-mail about either blocker reached him.
    expect(server.mail.mails.filter((mail) => mail.to === bob.email && mail.subject.startsWith("Alice is waiting on you"))).toEqual([]);
  });

  it("waits for a working day: none on Saturday, one on Monday", async () => {
    at(inParis(5, "10:00"));
    expect(await queueDueDigests(server.deps, clock.now())).toBe(0);
    at(inParis(7, "09:05"));
    expect(await queueDueDigests(server.deps, clock.now())).toBe(1);
  });

  it("is turned off by its own link", async () => {
    const digest = await server.mail.waitFor(bob.email, (mail) => mail.subject === "You're holding up 1 person");
    const link = /Stop the daily digest: (\S+)/.exec(digest.text)?.[1] ?? "";
    const token = decodeURIComponent(new URL(link).pathname.split("/").at(-1) ?? "");
    expect((await server.client().request(`/api/email-links/${encodeURIComponent(token)}`, { method: "POST", json: {} })).json).toMatchObject({ state: "used", event: "digest" });
    expect(((await bob.client.request("/api/profile")).json as { notificationPreferences: { dailyDigest: boolean } }).notificationPreferences.dailyDigest).toBe(false);
  });

  it("says nothing more of a team the person has left: with nothing else to say, none is sent", async () => {
    at(inParis(8, "10:00"));
    expect((await carol.client.request("/api/profile", { method: "PATCH", json: { notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, dailyDigest: true } } })).status).toBe(200);
    await makeBlocker(dora, [carol], { title: "Before Carol left" });
    const teamId = ((await carol.client.request("/api/team")).json as { id: string }).id;
    expect((await carol.client.post("/api/auth/organization/leave", { organizationId: teamId })).status).toBe(200);
    at(inParis(9, "09:00"));
    expect(await queueDueDigests(server.deps, clock.now())).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await server.deps.db.select({ status: deliveries.status }).from(deliveries).where(and(eq(deliveries.profileId, carol.profileId), eq(deliveries.kind, "digest")))).map((row) => row.status), { timeout: 10_000 }).toEqual(["dropped"]);
    expect(server.mail.mails.filter((mail) => mail.to === carol.email.toLowerCase() && mail.subject.includes("holding up"))).toEqual([]);
  });
});
