// The weekly report e-mail: to a team's owners and admins, on Monday at 09:00 in each one's own time zone, once; the
// week before in numbers; turned off by its own link.
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { queueDueWeeklyReports } from "./weekly-report.ts";

const inZone = (local: string, zone: string) => new Date(Temporal.PlainDateTime.from(local).toZonedDateTime(zone).epochMilliseconds);
const paris = (local: string) => inZone(local, "Europe/Paris");
const clock = testClock(paris("2026-11-09T09:00"));
const at = (moment: Date) => clock.advance(moment.getTime() - clock.now().getTime());

let server: TestServer;
let olivia: Teammate, alice: Teammate, bob: Teammate;
const reports = (person: Teammate) => server.mail.mails.filter((mail) => mail.to === person.email && mail.subject.includes("the week in Holdup"));
const queueNow = () => queueDueWeeklyReports(server.deps, clock.now());
async function ok(request: Promise<{ status: number; text: string }>) {
  const answer = await request;
  if (answer.status >= 300) throw new Error(`set-up failed: ${answer.status} ${answer.text}`);
}

beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [olivia, alice, bob] = (await makeTeam(server, ["Olivia", "Alice", "Bob"])) as [Teammate, Teammate, Teammate];
  // Alice is an admin, in New York; Bob a member.
  const members = (await olivia.client.request("/api/team/members")).json as { items: { memberId: string; profileId: string }[] };
  const alicesMembership = members.items.find((row) => row.profileId === alice.profileId)?.memberId;
  await ok(olivia.client.request(`/api/team/members/${alicesMembership}`, { method: "PATCH", json: { role: "admin" } }));
  await ok(alice.client.request("/api/profile", { method: "PATCH", json: { timezone: "America/New_York" } }));

  // The week of 9 November: one blocker done after 5 hours, one still open from Wednesday 10:00.
  at(paris("2026-11-10T10:00"));
  const quick = await makeBlocker(alice, [bob], { title: "Quarterly numbers" });
  at(paris("2026-11-10T15:00"));
  await ok(bob.client.post(`/api/blockers/${quick}/done`));
  at(paris("2026-11-11T10:00"));
  await makeBlocker(olivia, [bob], { title: "Old request" });
});
afterAll(() => server?.stop());

describe("the weekly report", () => {
  it("reaches each owner and admin on Monday at 09:00 in their own time zone, once, and no member", async () => {
    at(paris("2026-11-16T08:59"));
    expect(await queueNow()).toBe(0);
    at(paris("2026-11-16T09:00"));
    expect(await queueNow()).toBe(1);
    expect(await queueNow()).toBe(0);
    const oliviasReport = await server.mail.waitFor(olivia.email, (mail) => mail.subject === "Platform: the week in Holdup (2026-11-09 to 2026-11-15)");
    // 08:59 in New York is 14:59 in Paris.
    at(inZone("2026-11-16T08:59", "America/New_York"));
    expect(await queueNow()).toBe(0);
    at(inZone("2026-11-16T09:00", "America/New_York"));
    expect(await queueNow()).toBe(1);
    await server.mail.waitFor(alice.email, (mail) => mail.subject === "Platform: the week in Holdup (2026-11-09 to 2026-11-15)");
    at(paris("2026-11-16T23:00"));
    expect(await queueNow()).toBe(0);
    expect([reports(olivia).length, reports(alice).length, reports(bob).length]).toEqual([1, 1, 0]);

    // Person-hours: Bob held Alice up 5 hours, and Olivia from Wednesday 10:00 to the week's end (Monday 00:00):
    // 4 days 14 hours, 110 hours. 115 in all.
    expect(oliviasReport.text).toContain("2 blockers logged, 1 resolved, 0 cancelled.");
    expect(oliviasReport.text).toContain("Median time to unblock: 5h (90th percentile 5h). Blocked person-hours: 115.");
    expect(oliviasReport.text).toContain("Bob — 115 person-hours, 2 blockers");
    expect(oliviasReport.text).toContain("“Old request” — open 4d 14h");
    expect(oliviasReport.text).toContain("/organization/insights?from=2026-11-09&to=2026-11-15");
  });

  it("is turned off by its own link, for the one who used it", async () => {
    const [report] = reports(olivia);
    const link = /Stop the weekly report: (\S+)/.exec(report?.text ?? "")?.[1] ?? "";
    const token = decodeURIComponent(new URL(link).pathname.split("/").at(-1) ?? "");
    expect((await server.client().request(`/api/email-links/${encodeURIComponent(token)}`, { method: "POST", json: {} })).json).toMatchObject({ state: "used", event: "weekly_report" });
    expect(((await olivia.client.request("/api/profile")).json as { notificationPreferences: { weeklyReport: boolean } }).notificationPreferences.weeklyReport).toBe(false);
    // The next Monday: Alice's only.
    at(inZone("2026-11-23T09:00", "America/New_York"));
    expect(await queueNow()).toBe(1);
    await server.mail.waitFor(alice.email, (mail) => mail.subject === "Platform: the week in Holdup (2026-11-16 to 2026-11-22)");
    expect(reports(olivia)).toHaveLength(1);
  });

  it("stops for someone who is no longer an owner or admin", async () => {
    const members = (await olivia.client.request("/api/team/members")).json as { items: { memberId: string; profileId: string }[] };
    const alicesMembership = members.items.find((row) => row.profileId === alice.profileId)?.memberId;
    at(inZone("2026-11-30T09:00", "America/New_York"));
    expect((await olivia.client.request(`/api/team/members/${alicesMembership}`, { method: "PATCH", json: { role: "member" } })).status).toBe(200);
    expect(await queueNow()).toBe(0);
    expect(reports(alice)).toHaveLength(2);
  });
});
