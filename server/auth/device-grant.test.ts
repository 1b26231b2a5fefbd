// Signing in a tray or browser extension with the device grant (RFC 8628, decision 042): the device asks for a code,
// polls, its person approves at /device, and the device gets a token that opens the public API and the live event
// stream — and nothing else — until it is signed out in the sessions list. Denied, expired, reused and guessed
// codes are refused; polling too fast is told to slow down.
// The plugin reads the machine's clock for a code's expiry and its polling interval: the tests age a code by its
// stored times, as the passing of time would. It also limits looking codes up at /device to 5 in 10 minutes per
// client: each approval here comes from a browser on a network of its own.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_GRANT_TYPE, requestDeviceCode, waitForDeviceToken } from "../../common/holdup-client/device-flow.ts";
import { followLiveEvents, type LiveEvent, type StreamState } from "../../common/holdup-client/live-events.ts";
import { deviceCode as deviceCodes } from "../db/schema.ts";
import { aboutBlocker, openEventStream } from "../test/event-stream.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../test/factories.ts";
import { askForCode, letIntervalPass as letIntervalPassOn, newDevice as newDeviceOf, pollForToken, signInDevice as signInDeviceOn, signOutDevices, type DeviceCodeAnswer } from "../test/device-sign-in.ts";
import { ScriptClient, scriptOf } from "../test/script-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const clock = testClock(new Date("2026-11-20T09:00:00Z"));
let server: TestServer;
let alice: Teammate, bob: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
});
afterAll(async () => {
  await server?.stop();
});

const newDevice = () => newDeviceOf(server);
const poll = pollForToken;
const letIntervalPass = (code: DeviceCodeAnswer) => letIntervalPassOn(server, code.device_code);
const signInDevice = (person: Teammate, clientId: "holdup-tray" | "holdup-extension" = "holdup-tray") => signInDeviceOn(server, person, clientId);

type SessionsList = { sessions: { id: string; client: string | null; current: boolean }[] };

describe("the device grant", () => {
  it("gives a tray a code, tells it to wait and to slow down, and a token once its person approves", async () => {
    const device = newDevice();
    const code = await askForCode(device);
    expect(code).toMatchObject({ verification_uri: `${server.url}/device`, expires_in: 600, interval: 5 });
    expect(code.user_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(code.verification_uri_complete).toBe(`${server.url}/device?user_code=${code.user_code}`);

    expect((await poll(device, code)).json).toMatchObject({ error: "authorization_pending" });
    expect((await poll(device, code)).json).toMatchObject({ error: "slow_down" });

    // The person looks at the code (which claims it for them), sees which app asks, and approves.
    const seen = await alice.client.request(`/api/auth/device?user_code=${code.user_code.slice(0, 4)}-${code.user_code.slice(4).toLowerCase()}`);
    expect(seen.json).toMatchObject({ status: "pending", client_id: "holdup-tray" });
    expect((await alice.client.post("/api/auth/device/approve", { userCode: code.user_code })).status).toBe(200);
    await letIntervalPass(code);
    const answer = await poll(device, code);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ token_type: "Bearer", access_token: expect.any(String) });
    expect(answer.headers.get("cache-control")).toBe("no-store");

    // The code is spent: asking again with it gets nothing.
    await letIntervalPass(code);
    expect((await poll(device, code)).json).toMatchObject({ error: "invalid_grant" });
  });

  it("opens the public API and the event stream as its person, and shows in their sessions as the tray", async () => {
    const { device } = await signInDevice(alice);
    const me = await device.get("/api/v1/me");
    expect(me.status, me.text).toBe(200);
    expect(me.json).toMatchObject({ person: { id: alice.profileId }, scope: "write" });
    expect(me.headers.get("ratelimit-limit")).toBe("600");

    // It acts as Alice: logs a blocker on Bob, who sees it.
    const made = await device.post("/api/v1/blockers", { title: "From the tray", blockingProfileIds: [bob.profileId] });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ source: "tray", creator: { id: alice.profileId } });

    // It follows the live stream like a browser tab does.
    const stream = await openEventStream(device);
    const blocker = await makeBlocker(bob, [alice], { title: "Bob waits on Alice" });
    await stream.next(aboutBlocker(blocker));
    stream.close();

    const sessions = (await alice.client.request("/api/account/sessions")).json as SessionsList;
    expect(sessions.sessions.filter((session) => session.client === "holdup-tray")).toHaveLength(2);
  });

  it("opens nothing else: settings, keys, the team, better-auth's endpoints answer as if no one were signed in", async () => {
    const { device, token } = await signInDevice(alice);
    for (const path of ["/api/profile", "/api/account/sessions", "/api/api-keys", "/api/team/members", "/api/dashboard"]) {
      expect((await device.get(path)).status, path).toBe(401);
    }
    expect((await device.post("/api/auth/change-password", { currentPassword: "x", newPassword: "Another-long-password-1" })).status).not.toBe(200);
    const session = await device.get("/api/auth/get-session");
    expect(session.json ?? null).toBeNull();
    // A bare token in a cookie is not a signed session cookie either.
    const asCookie = await new ScriptClient(server.url, undefined).get("/api/profile", { cookie: `better-auth.session_token=${token}` });
    expect(asCookie.status).toBe(401);
  });

  it("is signed out at once when its person signs it out in the sessions list: its requests and its stream stop", async () => {
    const { device } = await signInDevice(alice);
    const stream = await openEventStream(device);
    // Earlier tests signed in trays too: every one is signed out, this one among them.
    expect(await signOutDevices(alice)).toBeGreaterThan(0);
    await stream.ended();
    const after = await device.get("/api/v1/me");
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ code: "api_key_invalid" });
  });

  it("acts in the team the request names, and refuses a team its person is not in", async () => {
    const { device } = await signInDevice(bob);
    const [mallory] = (await makeTeam(server, ["Mallory"], "Another team")) as [Teammate];
    const theirs = (await mallory.client.request("/api/teams")).json as { id: string }[];
    const other = theirs[0]?.id ?? "";
    const refused = await device.get("/api/v1/me", { "x-holdup-team": other });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "not_a_member" });
  });
  it("signs itself out with its own token: the session ends and leaves the sessions list; an API key cannot", async () => {
    const { device } = await signInDevice(bob, "holdup-extension");
    const stream = await openEventStream(device);
    const signedOut = await device.post("/api/v1/me/sign-out");
    expect(signedOut.status, signedOut.text).toBe(204);
    await stream.ended();
    expect((await device.get("/api/v1/me")).status).toBe(401);
    expect((await device.post("/api/v1/me/sign-out")).status).toBe(401);
    const { sessions } = (await bob.client.request("/api/account/sessions")).json as SessionsList;
    expect(sessions.filter((session) => session.client === "holdup-extension")).toEqual([]);
    const { script } = await scriptOf(bob);
    const refused = await script.post("/api/v1/me/sign-out");
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "not_a_device" });
    expect((await script.get("/api/v1/me")).status).toBe(200);
  });

  it("is refused as soon as its person leaves the team, and its stream ends", async () => {
    const [owner, leaver] = (await makeTeam(server, ["Olga", "Leo"], "Short-lived")) as [Teammate, Teammate];
    const { device } = await signInDevice(leaver);
    const teamId = ((await owner.client.request("/api/team")).json as { id: string }).id;
    expect((await device.get("/api/v1/me")).status).toBe(200);
    const stream = await openEventStream(device);
    expect((await leaver.client.post("/api/auth/organization/leave", { organizationId: teamId })).status).toBe(200);
    await stream.ended();
    const refused = await device.get("/api/v1/counters", { "x-holdup-team": teamId });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "not_a_member" });
    expect((await device.get("/api/v1/blockers?view=waiting_on_me", { "x-holdup-team": teamId })).status).toBe(403);
  });
});

describe("codes that are not to be used", () => {
  it("tells the device its person said no", async () => {
    const device = newDevice();
    const code = await askForCode(device);
    const browser = alice.client.fromAnotherNetwork();
    await browser.request(`/api/auth/device?user_code=${code.user_code}`);
    expect((await browser.post("/api/auth/device/deny", { userCode: code.user_code })).status).toBe(200);
    await letIntervalPass(code);
    expect((await poll(device, code)).json).toMatchObject({ error: "access_denied" });
  });

  it("refuses an expired code, at /device and to the device", async () => {
    const device = newDevice();
    const code = await askForCode(device);
    await server.deps.db.update(deviceCodes).set({ expiresAt: new Date(Date.now() - 1000), lastPolledAt: null }).where(eq(deviceCodes.deviceCode, code.device_code));
    expect((await alice.client.fromAnotherNetwork().request(`/api/auth/device?user_code=${code.user_code}`)).json).toMatchObject({ error: "expired_token" });
    expect((await poll(device, code)).json).toMatchObject({ error: "expired_token" });
  });

  it("keeps a code for the first person who looks at it: someone else cannot see whose it is or approve it", async () => {
    const code = await askForCode(newDevice());
    expect((await alice.client.fromAnotherNetwork().request(`/api/auth/device?user_code=${code.user_code}`)).json).toMatchObject({ client_id: "holdup-tray" });
    const bobsBrowser = bob.client.fromAnotherNetwork();
    const seenByBob = await bobsBrowser.request(`/api/auth/device?user_code=${code.user_code}`);
    expect(seenByBob.json).toMatchObject({ status: "pending" });
    expect(seenByBob.json).not.toHaveProperty("client_id");
    const approved = await bobsBrowser.post("/api/auth/device/approve", { userCode: code.user_code });
    expect(approved.status).toBe(403);
  });

  it("refuses clients other than Holdup's tray and extension, and bodies that are not JSON", async () => {
    const refused = await newDevice().post("/api/auth/device/code", { client_id: "someone-elses-app" });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: "invalid_client" });
    const form = await newDevice().request("/api/auth/device/code", { method: "POST", body: "client_id=holdup-tray", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });

  it("limits a device guessing device codes, and a browser looking codes up", async () => {
    const guesser = newDevice();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await guesser.post("/api/auth/device/token", { grant_type: DEVICE_GRANT_TYPE, device_code: `guess${attempt}`, client_id: "holdup-tray" })).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);

    // Looking codes up: five in ten minutes per client (the plugin's own limit), wrong or not.
    const browser = bob.client.fromAnotherNetwork();
    const typed: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) typed.push((await browser.request(`/api/auth/device?user_code=WRNG${String(attempt).padStart(4, "2")}`)).status);
    expect(typed).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("does not take a browser's session token as a device's", async () => {
    const browserToken = /better-auth\.session_token=([^.;]+)/.exec(alice.client.cookieHeader)?.[1];
    expect(browserToken).toBeDefined();
    const answer = await new ScriptClient(server.url, browserToken).get("/api/v1/me");
    expect(answer.status).toBe(401);
  });
});

describe("the tray's and the extension's own client (common/holdup-client)", () => {
  it("signs in: waits the interval, slows down when told, and gets the token once its person approves", async () => {
    const options = { baseUrl: server.url, clientId: "holdup-tray" as const };
    const code = await requestDeviceCode(options);
    expect(code).toMatchObject({ intervalSeconds: 5, expiresInSeconds: 600, verificationUriComplete: `${server.url}/device?user_code=${code.userCode}` });
    const waits: number[] = [];
    const browser = alice.client.fromAnotherNetwork();
    const outcome = await waitForDeviceToken(
      {
        ...options,
        // Time passes as the client waits — except the second time, when it asks too soon and is told to slow down.
        sleep: async (ms) => {
          waits.push(ms);
          if (waits.length === 2) return;
          if (waits.length === 3) {
            await browser.request(`/api/auth/device?user_code=${code.userCode}`);
            await browser.post("/api/auth/device/approve", { userCode: code.userCode });
          }
          await server.deps.db.update(deviceCodes).set({ lastPolledAt: new Date(Date.now() - ms) }).where(eq(deviceCodes.deviceCode, code.deviceCode));
        },
      },
      code,
    );
    expect(waits).toEqual([5_000, 5_000, 10_000]);
    expect(outcome).toMatchObject({ outcome: "signed-in", token: expect.any(String) });
  });

  it("ends with what the person said: denied, or expired", async () => {
    const options = { baseUrl: server.url, clientId: "holdup-extension" as const };
    const denied = await requestDeviceCode(options);
    const browser = bob.client.fromAnotherNetwork();
    await browser.request(`/api/auth/device?user_code=${denied.userCode}`);
    await browser.post("/api/auth/device/deny", { userCode: denied.userCode });
    expect(await waitForDeviceToken({ ...options, sleep: async () => undefined }, denied)).toEqual({ outcome: "denied" });

    const expired = await requestDeviceCode(options);
    await server.deps.db.update(deviceCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(deviceCodes.deviceCode, expired.deviceCode));
    expect(await waitForDeviceToken({ ...options, sleep: async () => undefined }, expired)).toEqual({ outcome: "expired" });
  });

  it("follows the live stream: ready, a change, and signed out when its person signs it out", async () => {
    const { token } = await signInDevice(bob);
    const states: StreamState["kind"][] = [];
    const events: LiveEvent[] = [];
    let readies = 0;
    const follower = followLiveEvents({ baseUrl: server.url, token, onState: (state) => states.push(state.kind), onEvent: (event) => events.push(event), onReady: () => readies++ });
    try {
      await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe("live");
      expect(readies).toBe(1);
      const blocker = await makeBlocker(alice, [bob], { title: "For the tray" });
      await expect.poll(() => events.some((event) => event.blockerId === blocker), { timeout: 10_000 }).toBe(true);
      await signOutDevices(bob);
      await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe("signed-out");
    } finally {
      follower.stop();
    }
  });
});
