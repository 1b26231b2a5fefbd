// The tray's behaviour against a real Holdup server (no desktop: what it would draw is read from its menu model):
// a signed-in tray shows both columns, follows changes live, notifies when someone new waits on its person or
// nudges them, runs the menu's actions, and says it was signed out when its person signs it out in settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "../../common/profile.ts";
import { snoozeEnd } from "../../common/snooze.ts";
import { makeBlocker, makeTeam, type Teammate } from "../../server/test/factories.ts";
import { signInDevice, signOutDevices } from "../../server/test/device-sign-in.ts";
import { ScriptClient } from "../../server/test/script-client.ts";
import { startTestServer, type TestServer } from "../../server/test/test-server.ts";
import type { MenuItem, TrayMenu } from "./menu-model.ts";
import { startTray, type TrayNotification } from "./tray-app.ts";

/** When "Snooze until tomorrow", pressed at this moment, ends for Bob (Paris, the default working hours). */
const tomorrowFor = (moment: number) => snoozeEnd({ choice: "tomorrow" }, new Date(moment), { timezone: "Europe/Paris", workingHours: DEFAULT_WORKING_HOURS })?.getTime() ?? Number.NaN;
import type { TokenStore } from "./token-store.ts";

let server: TestServer;
let ana: Teammate, bob: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [ana, bob] = (await makeTeam(server, ["Ana", "Bob"])) as [Teammate, Teammate];
});
afterAll(async () => {
  await server?.stop();
});

const memoryTokens = (token: string | undefined): TokenStore & { current: () => string | undefined } => {
  let kept = token;
  return { load: async () => kept, save: async (next) => void (kept = next), clear: async () => void (kept = undefined), current: () => kept };
};

const titles = (items: MenuItem[] | undefined): string[] => (items ?? []).flatMap((entry) => ("separator" in entry ? ["---"] : [entry.title, ...titles(entry.items).map((title) => `  ${title}`)]));

/** Bob's tray, signed in: what it shows, notifies and opens is kept for the test to read. `now`: the device's clock. */
async function bobsTray(now?: () => number) {
  const { token } = await signInDevice(server, bob);
  const menus: TrayMenu[] = [];
  const notifications: TrayNotification[] = [];
  const opened: string[] = [];
  const tokens = memoryTokens(token);
  const tray = startTray({ serverUrl: server.url, tokens, show: (menu) => menus.push(menu), notify: (note) => notifications.push(note), openUrl: (url) => opened.push(url), quit: () => undefined, now });
  const latest = () => menus.at(-1);
  const shows = (text: string) => expect.poll(() => titles(latest()?.items).some((title) => title.includes(text)), { timeout: 10_000 }).toBe(true);
  return { tray, token, tokens, notifications, opened, latest, shows };
}

describe("the tray", () => {
  it("shows who waits on me and whom I wait on, live, with the count on its icon, and tells me who is new", async () => {
    const tray = await bobsTray();
    try {
      // Live, and its lists read: a blocker logged before the first read would be part of it, and not news.
      await tray.shows("Live");
      await tray.shows("Nobody is waiting on you");
      await makeBlocker(ana, [bob], { title: "Review the migration" });
      await tray.shows("Review the migration — Ana");
      expect(tray.latest()?.icon).toMatchObject({ look: "waiting", title: "1" });
      await expect.poll(() => tray.notifications, { timeout: 10_000 }).toContainEqual(expect.objectContaining({ title: "Ana is waiting on you", body: "Review the migration" }));

      await makeBlocker(bob, [ana], { title: "Budget sign-off" });
      await tray.shows("Budget sign-off — Ana");
      expect(titles(tray.latest()?.items)).toEqual(expect.arrayContaining(["Waiting on me (1)", "I'm waiting on (1)", "  Mark done", "  Snooze until tomorrow", "  Nudge Ana"]));
    } finally {
      tray.tray.stop();
    }
  });

  it("marks my part done, nudges, and snoozes from the menu, and opens Holdup to log a blocker", async () => {
    const tray = await bobsTray();
    try {
      const done = await makeBlocker(ana, [bob], { title: "Answer the security review" });
      const waited = await makeBlocker(bob, [ana], { title: "Pick the launch date" });
      await tray.shows("Answer the security review");
      await tray.tray.act({ type: "mark-done", blockerId: done, title: "Answer the security review" });
      await expect.poll(() => titles(tray.latest()?.items).some((title) => title.includes("Answer the security review")), { timeout: 10_000 }).toBe(false);

      await tray.tray.act({ type: "nudge", blockerId: waited, profileId: ana.profileId, name: "Ana" });
      const nudgeLine = await ana.client.request(`/api/blockers/${waited}`);
      expect(JSON.stringify(nudgeLine.json)).toContain('"nudged"');
      await tray.shows("Nudged within the hour");

      // A second nudge within the hour is not offered; had it been, the server's refusal would come as a notification.
      await tray.tray.act({ type: "nudge", blockerId: waited, profileId: ana.profileId, name: "Ana" });
      expect(tray.notifications.at(-1)).toMatchObject({ title: "Holdup could not do that", body: expect.stringContaining("nudge again") });

      const snoozed = await makeBlocker(ana, [bob], { title: "Read the RFC" });
      await tray.shows("Read the RFC");
      const pressed = Date.now();
      await tray.tray.act({ type: "snooze-day", blockerId: snoozed, title: "Read the RFC" });
      const part = (await new ScriptClient(server.url, tray.token).get(`/api/v1/blockers/${snoozed}`)).json as { blocking: { snoozedUntil: string | null }[] };
      // The start of Bob's next working day (Paris, 09:00–17:00), as the app's "Tomorrow".
      expect(Date.parse(part.blocking[0]?.snoozedUntil ?? "")).toBe(tomorrowFor(pressed));

      await tray.tray.act({ type: "log-blocker" });
      expect(tray.opened.at(-1)).toBe(`${server.url}/add`);
    } finally {
      tray.tray.stop();
    }
  });

  it("counts on the server's clock when the device's is days off, either way: ages, whom to nudge, a day's snooze", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    let deviceAhead = 3 * DAY;
    const tray = await bobsTray(() => Date.now() + deviceAhead);
    try {
      // Three days ahead: a blocker logged now is "just now", not "3d"; a nudge just sent is not offered again.
      const logged = await makeBlocker(ana, [bob], { title: "Check the load test" });
      await tray.shows("Check the load test — Ana · just now");
      const waited = await makeBlocker(bob, [ana], { title: "Sign the vendor form" });
      await tray.shows("Sign the vendor form");
      await tray.tray.act({ type: "nudge", blockerId: waited, profileId: ana.profileId, name: "Ana" });
      const actionsOf = (title: string) => titles(tray.latest()?.items.flatMap((item) => ("separator" in item || !item.title.startsWith(title) ? [] : (item.items ?? []))));
      await expect.poll(() => actionsOf("Sign the vendor form"), { timeout: 10_000 }).toContain("Nudged within the hour");
      expect(actionsOf("Sign the vendor form")).not.toContain("Nudge Ana");

      // The clock jumps to three days behind, and the tray hears from the server again (it reads on every change):
      // "Snooze until tomorrow" is the server's to reckon, from its own now: the device's clock plays no part.
      deviceAhead = -3 * DAY;
      await makeBlocker(ana, [bob], { title: "Sign the NDA" });
      await tray.shows("Sign the NDA — Ana · just now");
      const before = Date.now();
      await tray.tray.act({ type: "snooze-day", blockerId: logged, title: "Check the load test" });
      const after = Date.now();
      const part = (await new ScriptClient(server.url, tray.token).get(`/api/v1/blockers/${logged}`)).json as { blocking: { snoozedUntil: string | null }[] };
      const snoozedUntil = Date.parse(part.blocking[0]?.snoozedUntil ?? "");
      expect(snoozedUntil).toBeGreaterThanOrEqual(tomorrowFor(before));
      expect(snoozedUntil).toBeLessThanOrEqual(tomorrowFor(after));
    } finally {
      tray.tray.stop();
    }
  });

  it("signs itself out from its menu: its session ends on the server, its token is forgotten, and it offers to sign in", async () => {
    const trays = async () => ((await bob.client.request("/api/account/sessions")).json as { sessions: { client: string | null }[] }).sessions.filter((session) => session.client === "holdup-tray").length;
    const tray = await bobsTray();
    try {
      await tray.shows("Live");
      const before = await trays();
      await tray.tray.act({ type: "sign-out" });
      expect(tray.latest()?.items.map((entry) => ("separator" in entry ? "---" : entry.title))).toEqual(["Signed out", "Sign in…", "---", "Quit Holdup"]);
      expect(tray.tokens.current()).toBeUndefined();
      expect((await new ScriptClient(server.url, tray.token).get("/api/v1/me")).status).toBe(401);
      expect(await trays()).toBe(before - 1);
    } finally {
      tray.tray.stop();
    }
  });

  it("says it was signed out when its person signs it out in Holdup, and forgets its token", async () => {
    const tray = await bobsTray();
    try {
      await tray.shows("Live");
      await signOutDevices(bob);
      await tray.shows("Signed out in Holdup");
      expect(tray.latest()?.icon.look).toBe("signed-out");
      expect(tray.tokens.current()).toBeUndefined();
    } finally {
      tray.tray.stop();
    }
  });
});
