// The one-click links of Holdup's e-mails, followed as a person would from their inbox (a real SMTP server receives
// the mail): Mark done, Snooze until tomorrow and Decline (with its reason) without signing in, once; a second use says what happened the first time;
// tampered, expired and no-longer-theirs links change nothing; unsubscribing by the link and by a mail client's
// one-click POST (RFC 8058), with its headers on the message.
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserLikeClient } from "../../test/browser-like-client.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import type { CaughtMail } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const today = Temporal.Now.zonedDateTimeISO("Europe/Paris").toPlainDate();
const monday = today.add({ days: (8 - today.dayOfWeek) % 7 || 7 });
const clock = testClock(new Date(monday.toPlainDateTime(Temporal.PlainTime.from("10:00")).toZonedDateTime("Europe/Paris").epochMilliseconds));

let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

/** The mail about this blocker's title to this person, and its links by label ("Mark done: https://…"). */
async function mailAbout(person: Teammate, title: string): Promise<{ mail: CaughtMail; link: (label: string) => string }> {
  const mail = await server.mail.waitFor(person.email, (arrived) => arrived.subject.endsWith(title));
  const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(mail.text)?.[1] ?? "";
  return { mail, link };
}
const tokenOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").at(-1) ?? "");
/** Anyone's browser, signed in or not: the link works the same. */
const follow = (client: BrowserLikeClient, url: string, method: "GET" | "POST" = "GET") => client.request(`/api/email-links/${encodeURIComponent(tokenOf(url))}`, { method, ...(method === "POST" ? { json: {} } : {}) });

type Part = { person: { id: string }; status: string; snoozedUntil: string | null; nextReminderAt: string | null };
const partOf = async (blockerId: string, person: Teammate) => ((await alice.client.request(`/api/blockers/${blockerId}`)).json as { blocking: Part[] }).blocking.find((part) => part.person.id === person.profileId);

describe("an e-mail's links", () => {
  it("come with the message: Mark done, Snooze until tomorrow, Decline and Open for the person waited on, and the unsubscribe headers", async () => {
    await makeBlocker(alice, [bob], { title: "Headers check" });
    const { mail, link } = await mailAbout(bob, "Headers check");
    expect(link("Mark done")).toMatch(/^http:\/\/localhost:\d+\/e\/[^/]+$/);
    expect(link("Snooze until tomorrow")).toMatch(/\/e\//);
    expect(link("Decline")).toMatch(/\/e\//);
    expect(link("Open")).toMatch(/\/blockers\/[0-9a-f-]{36}$/);
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/api\/email-links\/[^>]+\/one-click>$/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain("Mark done");
    expect(mail.html).toContain("prefers-color-scheme: dark");
  });

  it("Mark done works without signing in, once; a second use says what happened", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Done from the inbox" });
    const { link } = await mailAbout(bob, "Done from the inbox");
    const stranger = server.client();
    expect((await follow(stranger, link("Mark done"))).json).toMatchObject({ state: "ready", action: "done", blocker: { id, title: "Done from the inbox" } });
    // Looking does nothing.
    expect((await partOf(id, bob))?.status).toBe("pending");
    const used = await follow(stranger, link("Mark done"), "POST");
    expect(used.status, used.text).toBe(200);
    expect(used.json).toMatchObject({ state: "used", outcome: { done: true } });
    expect((await partOf(id, bob))?.status).toBe("done");
    const again = await follow(stranger, link("Mark done"), "POST");
    expect(again.json).toMatchObject({ state: "used", outcome: { done: true } });
    const timeline = ((await alice.client.request(`/api/blockers/${id}`)).json as { timeline: { type: string }[] }).timeline;
    expect(timeline.filter((event) => event.type === "done")).toHaveLength(1);
  });

  it("Snooze until tomorrow moves the next reminder to the start of the next working day, and says to when", async () => {
    const id = await makeBlocker(alice, [carol], { title: "Snooze from the inbox" });
    const { link } = await mailAbout(carol, "Snooze from the inbox");
    const used = await follow(server.client(), link("Snooze until tomorrow"), "POST");
    // Monday 10:00 in Paris: Tuesday at 09:00 there, when Carol's working day starts.
    const tuesdayMorning = new Date(monday.add({ days: 1 }).toPlainDateTime(Temporal.PlainTime.from("09:00")).toZonedDateTime("Europe/Paris").epochMilliseconds).toISOString();
    expect(used.json).toMatchObject({ state: "used", outcome: { snoozedUntil: tuesdayMorning } });
    const part = await partOf(id, carol);
    expect(part?.snoozedUntil).toBe(tuesdayMorning);
    expect((used.json as { outcome: { nextReminderAt: string } }).outcome.nextReminderAt).toBe(part?.nextReminderAt);
  });

  it("Decline asks for the reason on its page, then declines once, telling the author why", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Not mine at all" });
    const { link } = await mailAbout(bob, "Not mine at all");
    const page = server.client();
    expect((await follow(page, link("Decline"))).json).toMatchObject({ state: "ready", action: "decline", blocker: { id } });
    const token = encodeURIComponent(tokenOf(link("Decline")));
    const unexplained = await page.request(`/api/email-links/${token}`, { method: "POST", json: {} });
    expect(unexplained.status).toBe(400);
    expect(unexplained.json).toMatchObject({ fields: { reason: ["Say why, so they know where to go next"] } });
    // Still good: nothing was spent by the refusal.
    expect((await follow(page, link("Decline"))).json).toMatchObject({ state: "ready" });
    const declined = await page.request(`/api/email-links/${token}`, { method: "POST", json: { reason: "Payments owns this" } });
    expect(declined.json).toMatchObject({ state: "used", outcome: { declined: true, reason: "Payments owns this" } });
    expect((await partOf(id, bob))?.status).toBe("declined");
    const toldAlice = await server.mail.waitFor(alice.email, (mail) => mail.subject === "Bob declined: Not mine at all");
    expect(toldAlice.text).toContain("“Payments owns this”");
    const again = await page.request(`/api/email-links/${token}`, { method: "POST", json: { reason: "Twice" } });
    expect(again.json).toMatchObject({ state: "used", outcome: { reason: "Payments owns this" } });
  });

  it("refuses a tampered link with a clear message, and changes nothing", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Tamper with me" });
    const { link } = await mailAbout(bob, "Tamper with me");
    const token = tokenOf(link("Mark done"));
    for (const tampered of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, `${token.split(".")[0]}.`, "not-a-token", `${crypto.randomUUID()}.${"x".repeat(32)}`]) {
      const answer = await server.client().request(`/api/email-links/${encodeURIComponent(tampered)}`, { method: "POST", json: {} });
      expect(answer.status, tampered).toBe(400);
      expect(answer.json).toMatchObject({ code: "INVALID_TOKEN", message: expect.stringContaining("not valid") });
    }
    expect((await partOf(id, bob))?.status).toBe("pending");
  });

  it("expires after 14 days, changing nothing then", async () => {
    const id = await makeBlocker(alice, [carol], { title: "Old e-mail" });
    const { link } = await mailAbout(carol, "Old e-mail");
    clock.advance(15 * 86_400_000);
    try {
      const answer = await follow(server.client(), link("Mark done"), "POST");
      expect(answer.json).toMatchObject({ state: "expired" });
      expect((await partOf(id, carol))?.status).toBe("pending");
    } finally {
      clock.advance(-15 * 86_400_000);
    }
  });

  it("changes nothing once the person is no longer on the blocker", async () => {
    const id = await makeBlocker(alice, [bob, carol], { title: "Taken off it" });
    const { link } = await mailAbout(bob, "Taken off it");
    expect((await alice.client.request(`/api/blockers/${id}/people/${bob.profileId}?role=blocking`, { method: "DELETE" })).status).toBe(200);
    const answer = await follow(server.client(), link("Mark done"), "POST");
    expect(answer.json).toMatchObject({ state: "not_on_blocker" });
  });
});

describe("an e-mail's links, once its person has left the team", () => {
  it("change nothing, and say so", async () => {
    const [dana, eve] = (await makeTeam(server, ["Dana", "Eve"], "Leavers")) as [Teammate, Teammate];
    const id = await makeBlocker(dana, [eve], { title: "Before Eve left" });
    const { link } = await mailAbout(eve, "Before Eve left");
    const teamId = ((await eve.client.request("/api/team")).json as { id: string }).id;
    expect((await eve.client.post("/api/auth/organization/leave", { organizationId: teamId })).status).toBe(200);
    const partsNow = async () => ((await dana.client.request(`/api/blockers/${id}`)).json as { blocking: Part[] }).blocking.map((part) => [part.status, part.snoozedUntil]);
    // Leaving released Eve's part; the links must not mark it done or snooze it now.
    const afterLeaving = await partsNow();
    expect(afterLeaving).toEqual([["released", null]]);
    for (const action of ["Mark done", "Snooze until tomorrow", "Decline"]) {
      expect((await follow(server.client(), link(action))).json).toMatchObject({ state: "left_team" });
      expect((await follow(server.client(), link(action), "POST")).json).toMatchObject({ state: "left_team" });
    }
    expect(await partsNow()).toEqual(afterLeaving);
  });
});

describe("unsubscribing", () => {
  it("by the link's page, or by a mail client's one-click POST without an Origin: that kind of e-mail stops", async () => {
    await makeBlocker(bob, [carol], { title: "Unsubscribe me" });
    const { link, mail } = await mailAbout(carol, "Unsubscribe me");
    const unsubscribe = link("Stop e-mails about new blockers on you");
    expect((await follow(server.client(), unsubscribe)).json).toMatchObject({ state: "ready", action: "unsubscribe", event: "blocker_assigned" });
    // RFC 8058: the mail client posts "List-Unsubscribe=One-Click", as a form, from no page at all.
    const oneClick = mail.headers["list-unsubscribe"]?.slice(1, -1) ?? "";
    const posted = await fetch(oneClick, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(posted.status).toBe(200);
    const preferences = ((await carol.client.request("/api/profile")).json as { notificationPreferences: { events: Record<string, { email: boolean }> } }).notificationPreferences;
    expect(preferences.events.blocker_assigned?.email).toBe(false);
    expect(preferences.events.nudged?.email).toBe(true);
    expect((await follow(server.client(), unsubscribe)).json).toMatchObject({ state: "used" });
  });
});
