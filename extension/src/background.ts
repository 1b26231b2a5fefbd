// The extension's service worker: the toolbar badge (how many blockers wait on me), the live stream that keeps it
// current, and signing in through the device grant (decision 042) — what must outlive the popup. Chrome stops an idle
// service worker after about 30 s, and the live stream with it: an alarm wakes it every minute to read the counters
// and follow the stream again, so the badge is live while the worker runs and at most a minute late otherwise
// (decision 044). Everything it learns goes to chrome.storage (stored.ts); the badge is drawn from there.
import { formatUserCode } from "../../common/devices.ts";
import { coalesced } from "../../common/holdup-client/coalesce.ts";
import type { DeviceCode } from "../../common/holdup-client/device-flow.ts";
import { requestDeviceCode, waitForDeviceToken } from "../../common/holdup-client/device-flow.ts";
import { holdupApi, HoldupApiError } from "../../common/holdup-client/holdup-api.ts";
import { followLiveEvents } from "../../common/holdup-client/live-events.ts";
import { t } from "./i18n.ts";
import type { Request } from "./messages.ts";
import { followStored, readStored, withoutCookies, writeStored, type SignIn, type Stored } from "./stored.ts";

const CLIENT_ID = "holdup-extension";
const REFRESH_ALARM = "refresh";
const BRAND = "#4f46e5";
const GREY = "#6b7280";

// ---- The badge: drawn from what is stored, whatever changed it.

async function drawBadge(stored: Stored) {
  const count = stored.counters?.waitingOnMe ?? 0;
  let text = "";
  let title = t("badge.signedOut");
  if (stored.token && stored.connection.kind === "offline") {
    text = "!";
    title = t("badge.offline", { reason: stored.connection.reason });
  } else if (stored.token) {
    text = count === 0 ? "" : count > 99 ? "99+" : String(count);
    title = count === 0 ? t("badge.calm") : t("badge.waiting", { count });
  }
  await chrome.action.setBadgeBackgroundColor({ color: text === "!" ? GREY : BRAND });
  await chrome.action.setBadgeText({ text });
  await chrome.action.setTitle({ title });
}

// ---- The counters, read again after every change the stream announces (coalesced: one read at a time, one more if
// anything arrived meanwhile).

const refresh = coalesced(() => readCounters());

async function readCounters() {
  const stored = await readStored();
  if (!stored.token) return;
  try {
    const counters = await holdupApi({ baseUrl: stored.serverUrl, token: stored.token, fetch: withoutCookies }).counters();
    await writeStored({ counters, countedAt: Date.now(), ...(stored.connection.kind === "offline" ? { connection: { kind: "connecting" } } : {}) });
  } catch (error) {
    if (error instanceof HoldupApiError && error.signedOut) await forgetToken({ kind: "signed-out", note: "revoked" });
    else await writeStored({ connection: { kind: "offline", reason: error instanceof Error ? error.message : String(error) } });
  }
}

async function forgetToken(signIn: SignIn) {
  stopFollowing();
  await writeStored({ token: null, counters: null, signIn, connection: { kind: "connecting" } });
}

// ---- The live stream, followed for the token stored (again after the worker woke up, or the token changed).

let live: { stop: () => void } | undefined;
let followed: string | undefined;

function stopFollowing() {
  live?.stop();
  live = undefined;
  followed = undefined;
}

function follow(stored: Stored) {
  const key = stored.token ? `${stored.serverUrl} ${stored.token}` : undefined;
  if (key === followed) return;
  stopFollowing();
  if (!stored.token) return;
  followed = key;
  live = followLiveEvents({
    baseUrl: stored.serverUrl,
    token: stored.token,
    fetch: withoutCookies,
    onState: (state) => {
      if (state.kind === "signed-out") void forgetToken({ kind: "signed-out", note: "revoked" });
      else if (state.kind === "offline") void writeStored({ connection: { kind: "offline", reason: state.reason } });
      else void writeStored({ connection: { kind: state.kind } });
    },
    onEvent: () => void refresh(),
    onReady: () => void refresh(),
  });
}

// ---- Signing in: the device grant's code shown in the popup, approved in a tab, its token kept.

let signingIn: AbortController | undefined;

/** Waits, and tells Chrome the worker is busy: an extension API call keeps it from being stopped while it polls. */
const sleepAwake = async (ms: number) => {
  await chrome.runtime.getPlatformInfo();
  await new Promise((resolve) => setTimeout(resolve, ms));
};

async function startSignIn() {
  signingIn?.abort();
  const abort = (signingIn = new AbortController());
  const { serverUrl } = await readStored();
  const options = { baseUrl: serverUrl, clientId: CLIENT_ID, fetch: withoutCookies, signal: abort.signal, sleep: sleepAwake } as const;
  await writeStored({ signIn: { kind: "starting" } });
  try {
    const code = await requestDeviceCode(options);
    // Kept for the session only (never on disk): a worker stopped while it waits goes on waiting when it wakes.
    await chrome.storage.session.set({ deviceCode: code, deviceServer: serverUrl });
    await writeStored({ signIn: { kind: "waiting", userCode: formatUserCode(code.userCode), verificationUriComplete: code.verificationUriComplete, expiresAt: Date.now() + code.expiresInSeconds * 1000 } });
    await chrome.tabs.create({ url: code.verificationUriComplete });
    await waitForApproval(options, code, abort);
  } catch (error) {
    if (!abort.signal.aborted) await writeStored({ signIn: { kind: "signed-out", note: "failed", reason: error instanceof Error ? error.message : String(error) } });
  }
}

async function waitForApproval(options: Parameters<typeof waitForDeviceToken>[0], code: DeviceCode, abort: AbortController) {
  const result = await waitForDeviceToken(options, code);
  await chrome.storage.session.remove(["deviceCode", "deviceServer"]);
  if (abort.signal.aborted) return;
  if (result.outcome === "signed-in") await writeStored({ token: result.token, signIn: { kind: "signed-in" }, counters: null, connection: { kind: "connecting" } });
  else await writeStored({ signIn: { kind: "signed-out", note: result.outcome } });
}

/** The worker was stopped while a code waited for approval: wait on, or say it expired. */
async function resumeSignIn() {
  const stored = await readStored();
  if (stored.signIn.kind !== "waiting" && stored.signIn.kind !== "starting") return;
  const { deviceCode, deviceServer } = await chrome.storage.session.get<{ deviceCode?: DeviceCode; deviceServer?: string }>(["deviceCode", "deviceServer"]);
  if (stored.signIn.kind === "starting" || !deviceCode || deviceServer !== stored.serverUrl || stored.signIn.expiresAt <= Date.now()) {
    await writeStored({ signIn: { kind: "signed-out", note: "expired" } });
    return;
  }
  const abort = (signingIn = new AbortController());
  await waitForApproval({ baseUrl: stored.serverUrl, clientId: CLIENT_ID, fetch: withoutCookies, signal: abort.signal, sleep: sleepAwake }, deviceCode, abort).catch(async (error: unknown) => {
    if (!abort.signal.aborted) await writeStored({ signIn: { kind: "signed-out", note: "failed", reason: error instanceof Error ? error.message : String(error) } });
  });
}

async function cancelSignIn() {
  signingIn?.abort();
  signingIn = undefined;
  await chrome.storage.session.remove(["deviceCode", "deviceServer"]);
  await writeStored({ signIn: { kind: "signed-out" } });
}

async function signOut() {
  const stored = await readStored();
  // The server ends the device's session (it leaves the sessions list). If it cannot be reached, the token is
  // forgotten all the same, and the session ends when signed out in settings or after 90 days unused.
  if (stored.token) await holdupApi({ baseUrl: stored.serverUrl, token: stored.token, fetch: withoutCookies }).signOut().catch(() => undefined);
  await forgetToken({ kind: "signed-out" });
}

const handlers: Record<Request["kind"], () => Promise<void>> = { "sign-in": startSignIn, "cancel-sign-in": cancelSignIn, "sign-out": signOut, refresh };

chrome.runtime.onMessage.addListener((request: Request, sender, respond) => {
  if (sender.id !== chrome.runtime.id || !(request.kind in handlers)) return false;
  // A sign-in answers at once (it goes on in the background); the rest answer when done.
  const work = handlers[request.kind]();
  if (request.kind === "sign-in") respond();
  else void work.finally(() => respond());
  return request.kind !== "sign-in";
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== REFRESH_ALARM) return;
  void readStored().then((stored) => {
    follow(stored);
    return refresh();
  });
});

async function wake() {
  if (!(await chrome.alarms.get(REFRESH_ALARM))) await chrome.alarms.create(REFRESH_ALARM, { periodInMinutes: 1 });
  const stored = await readStored();
  await drawBadge(stored);
  follow(stored);
  await refresh();
  await resumeSignIn();
}

followStored((stored) => {
  void drawBadge(stored);
  follow(stored);
});
void wake();
