// /api/account: the devices signed in to an account and signing them out (at once, their streams included), moving
// the account to another e-mail address, and deleting it while its teams keep their history.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers, organization, profiles, teamBilling, user } from "../../db/schema.ts";
import type { BrowserLikeClient } from "../../test/browser-like-client.ts";
import { openEventStream } from "../../test/event-stream.ts";
import { makeBlocker, makeEmail, makeTeam, okJson, onboard, signUp, STRONG_PASSWORD, type Teammate } from "../../test/factories.ts";
import { linkIn } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const FIREFOX_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI_ON_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: true });
});
afterAll(() => server?.stop());

/** The same person signing in on another device (a browser of its own, saying what it is). */
async function signInElsewhere(email: string, userAgent: string, password = STRONG_PASSWORD) {
  const device = server.client();
  const signedIn = await device.request("/api/auth/sign-in/email", { method: "POST", json: { email, password }, headers: { "user-agent": userAgent } });
  expect(signedIn.status, signedIn.text).toBe(200);
  return device;
}

type SessionRow = { id: string; current: boolean; lastActiveAt: string; device: { browser: string | null; os: string | null; kind: string } };
const sessionsOf = async (client: BrowserLikeClient) => ((await client.request("/api/account/sessions")).json as { sessions: SessionRow[] }).sessions;

describe("the devices signed in to an account", () => {
  let laptop: BrowserLikeClient;
  let email: string;
  beforeAll(async () => {
    laptop = server.client();
    ({ email } = await signUp(laptop, { mail: server.mail }));
    await onboard(laptop);
  });

  it("lists each with what it is and when it was last used, the one in use first", async () => {
    await signInElsewhere(email, FIREFOX_ON_MAC);
    await signInElsewhere(email, SAFARI_ON_IPHONE);
    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true });
    expect(sessions.filter((each) => each.current)).toHaveLength(1);
    expect(sessions.map((each) => each.device)).toEqual(
      expect.arrayContaining([
        { browser: "Firefox 132", os: "macOS Catalina", kind: "desktop" },
        { browser: "Safari 17", os: "iOS 17", kind: "mobile" },
      ]),
    );
    for (const each of sessions) expect(Number.isNaN(Date.parse(each.lastActiveAt))).toBe(false);
    // No token leaves the server in the list, nor through better-auth's own list, which would show them.
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
    const theirs = await laptop.request("/api/auth/list-sessions");
    expect(theirs.status).toBe(403);
    expect(theirs.text).not.toMatch(/token/i);
  });

  it("signs one out at once: its next request is refused though its signed cookie is still fresh, and its stream ends", async () => {
    const phone = await signInElsewhere(email, SAFARI_ON_IPHONE);
    expect((await phone.request("/api/dashboard")).status).toBe(200);
    const stream = await openEventStream(phone);
    const target = (await sessionsOf(laptop)).find((each) => !each.current && each.device.os === "iOS 17");
    const signedOut = await laptop.request(`/api/account/sessions/${target?.id}`, { method: "DELETE" });
    expect(signedOut.status, signedOut.text).toBe(200);
    await stream.ended();
    // Within the minute the signed copy would have been trusted (decision 005): refused all the same.
    expect((await phone.request("/api/dashboard")).status).toBe(401);
    expect((await phone.request("/api/auth/get-session")).json).toBeNull();
    expect((await laptop.request("/api/dashboard")).status).toBe(200);
  });

  it("refuses to sign out the device in use (that is signing out), and a session that is not the person's", async () => {
    const [current] = await sessionsOf(laptop);
    expect((await laptop.request(`/api/account/sessions/${current?.id}`, { method: "DELETE" })).json).toMatchObject({ code: "current_session" });
    const stranger = server.client();
    await signUp(stranger, { mail: server.mail });
    const theirs = await stranger.request(`/api/account/sessions/${current?.id}`, { method: "DELETE" });
    expect(theirs.status).toBe(404);
    expect((await laptop.request("/api/dashboard")).status).toBe(200);
  });

  it("signs out every other device at once, leaving this one", async () => {
    const desktop = await signInElsewhere(email, FIREFOX_ON_MAC);
    expect((await desktop.request("/api/dashboard")).status).toBe(200);
    expect((await laptop.post("/api/account/sessions/sign-out-others")).status).toBe(200);
    expect((await desktop.request("/api/dashboard")).status).toBe(401);
    expect(await sessionsOf(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  it("changing the password can sign the other devices out at once too", async () => {
    const desktop = await signInElsewhere(email, FIREFOX_ON_MAC);
    const changed = await laptop.post("/api/auth/change-password", { currentPassword: STRONG_PASSWORD, newPassword: `${STRONG_PASSWORD} again`, revokeOtherSessions: true });
    expect(changed.status, changed.text).toBe(200);
    expect((await desktop.request("/api/dashboard")).status).toBe(401);
    expect((await laptop.request("/api/dashboard")).status).toBe(200);
    expect((await laptop.post("/api/auth/change-password", { currentPassword: `${STRONG_PASSWORD} again`, newPassword: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe("changing one's e-mail address", () => {
  it("asks for the password, then sends a link to the new address, and the account moves when it is opened", async () => {
    const [owner, mate] = await makeTeam(server, ["Olive", "Mateo"]);
    if (!owner || !mate) throw new Error("no team");
    const newEmail = makeEmail("olive-new");
    const wrong = await owner.client.post("/api/account/email", { newEmail, password: "not my password at all" });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: "INVALID_PASSWORD", fields: { password: [expect.any(String)] } });

    const asked = await owner.client.post("/api/account/email", { newEmail, password: STRONG_PASSWORD });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json).toEqual({ sentTo: newEmail });
    const mail = await server.mail.waitFor(newEmail, (arrived) => arrived.subject.includes("new e-mail"));
    // Not moved until the link is opened.
    expect((await server.client().post("/api/auth/sign-in/email", { email: owner.email, password: STRONG_PASSWORD })).status).toBe(200);

    const link = new URL(linkIn(mail));
    const opened = await owner.client.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/settings/personal?email=changed");
    expect((await server.client().post("/api/auth/sign-in/email", { email: newEmail, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await server.client().post("/api/auth/sign-in/email", { email: owner.email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await owner.client.request("/api/profile")).json).toMatchObject({ email: newEmail });
    // Teammates see the new address at once (their kept answers were marked stale).
    const people = (await mate.client.request("/api/people")).json as { id: string; email: string }[];
    expect(people.find((person) => person.id === owner.profileId)?.email).toBe(newEmail);
  });

  it("is closed through better-auth's own endpoint, which would not ask for the password", async () => {
    const client = server.client();
    await signUp(client, { mail: server.mail });
    const direct = await client.post("/api/auth/change-email", { newEmail: makeEmail("elsewhere") });
    expect(direct.status).toBe(403);
    expect(direct.json).toMatchObject({ code: "NOT_ALLOWED_IN_HOLDUP" });
  });

  it("refuses its own address and a malformed one, naming the field", async () => {
    const client = server.client();
    const { email } = await signUp(client, { mail: server.mail });
    expect((await client.post("/api/account/email", { newEmail: email, password: STRONG_PASSWORD })).json).toMatchObject({ fields: { newEmail: [expect.any(String)] } });
    expect((await client.post("/api/account/email", { newEmail: "not an address", password: STRONG_PASSWORD })).json).toMatchObject({ fields: { newEmail: [expect.any(String)] } });
    // Longer than any password Holdup takes (a fuzz found a 500 here): not theirs, like any other wrong one.
    const tooLong = await client.post("/api/account/email", { newEmail: makeEmail("elsewhere"), password: "x".repeat(200) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ code: "INVALID_PASSWORD", fields: { password: ["That is not your password"] } });
  });
});

describe("deleting one's account", () => {
  let owner: Teammate;
  let mate: Teammate;
  let blockerId: string;
  beforeAll(async () => {
    const team = await makeTeam(server, ["Dana", "Eli"]);
    [owner, mate] = team as [Teammate, Teammate];
    blockerId = await makeBlocker(owner, [mate], { title: "Contract review" });
    await makeBlocker(mate, [owner], { title: "Budget sign-off" });
  });

  it("asks for the e-mail typed and the password, and changes nothing when either is wrong", async () => {
    const mistyped = await mate.client.post("/api/account/delete", { password: STRONG_PASSWORD, confirmation: "delete" });
    expect(mistyped.status).toBe(400);
    expect(mistyped.json).toMatchObject({ fields: { confirmation: [expect.stringContaining(mate.email)] } });
    const wrongPassword = await mate.client.post("/api/account/delete", { password: "not my password at all", confirmation: mate.email });
    expect(wrongPassword.json).toMatchObject({ code: "INVALID_PASSWORD" });
    expect((await mate.client.request("/api/dashboard")).status).toBe(200);
  });

  it("refuses the only owner of a team others are in, until they hand it over", async () => {
    const plan = (await owner.client.request("/api/account/deletion")).json;
    expect(plan).toMatchObject({ handOverFirst: [{ name: "Platform" }], deletedWithAccount: [] });
    const refused = await owner.client.post("/api/account/delete", { password: STRONG_PASSWORD, confirmation: owner.email });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "sole_owner", teams: [{ name: "Platform" }] });
  });

  it("deletes the account; its teammates keep the blockers, showing the person as a former member", async () => {
    const stream = await openEventStream(mate.client);
    const elsewhere = await signInElsewhere(mate.email, FIREFOX_ON_MAC);
    const deleted = await mate.client.post("/api/account/delete", { password: STRONG_PASSWORD, confirmation: ` ${mate.email.toUpperCase()} ` });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.headers.getSetCookie().some((cookie) => cookie.startsWith("better-auth.session_token=;") || /session_token=.*max-age=0/i.test(cookie))).toBe(true);
    await stream.ended();
    // Every device of theirs is signed out at once, and the account cannot sign in again.
    expect((await elsewhere.request("/api/dashboard")).status).toBe(401);
    expect((await server.client().post("/api/auth/sign-in/email", { email: mate.email, password: STRONG_PASSWORD })).status).toBe(401);
    expect(await server.deps.db.select().from(user).where(eq(user.email, mate.email))).toEqual([]);

    // The blocker that waited on them stays for its author, their part released, their name kept as a former member.
    const blocker = (await owner.client.request(`/api/blockers/${blockerId}`)).json as { status: string; blocking: { status: string; person: { id: string; fullName: string; formerMember: boolean; email: string } }[] };
    expect(blocker.status).toBe("open");
    expect(blocker.blocking).toEqual([expect.objectContaining({ status: "released", person: expect.objectContaining({ id: mate.profileId, fullName: "Eli", formerMember: true, email: "" }) })]);
    // The one they logged stays too.
    expect(await server.deps.db.select({ title: blockers.title }).from(blockers).where(eq(blockers.createdBy, mate.profileId))).toEqual([{ title: "Budget sign-off" }]);
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, mate.profileId));
    expect(profile).toMatchObject({ authId: null, email: "", avatarUrl: null, fullName: "Eli" });
    // The team no longer counts them.
    expect((await owner.client.request("/api/team")).json).toMatchObject({ memberCount: 1 });
  });

  it("takes a team nobody else is in with it, once its paid plan is cancelled", async () => {
    const paying = await startTestServer({ smtp: false, environment: { STRIPE_SECRET_KEY: "sk_test_unused", STRIPE_WEBHOOK_SECRET: "whsec_unused" } });
    try {
      const solo = paying.client();
      const { email } = await signUp(solo);
      await onboard(solo, { teamName: "Solo" });
      const { id: teamId } = await okJson(solo.api.team.$get());
      await paying.deps.db.insert(teamBilling).values({ teamId, stripeCustomerId: "cus_solo", stripeSubscriptionId: "sub_solo", subscriptionStatus: "active" });
      const refused = await solo.post("/api/account/delete", { password: STRONG_PASSWORD, confirmation: email });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: "team_subscribed", teams: [{ name: "Solo" }] });

      await paying.deps.db.update(teamBilling).set({ subscriptionStatus: "canceled" }).where(eq(teamBilling.teamId, teamId));
      expect((await solo.request("/api/account/deletion")).json).toMatchObject({ deletedWithAccount: [{ name: "Solo" }], handOverFirst: [], cancelPlusFirst: [] });
      expect((await solo.post("/api/account/delete", { password: STRONG_PASSWORD, confirmation: email })).status).toBe(200);
      expect(await paying.deps.db.select().from(organization).where(eq(organization.id, teamId))).toEqual([]);
    } finally {
      await paying.stop();
    }
  });
});
