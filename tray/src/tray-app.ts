// The tray's behaviour, apart from any desktop (issue #15): it signs in with the device grant, follows the live
// stream, reads the two lists whenever they may have changed (a change event, or the stream coming back after a
// sleep or a network loss), runs the menu's actions, and raises a notification when someone new waits on me or
// nudges me. What it shows goes to `show` as the menu model; the systray2 host draws it (tray-host.ts), and the CI
// tray test reads the same model from the process's output.
import { coalesced } from "../../common/holdup-client/coalesce.ts";
import { imWaitingOnItems, waitingOnMeItems, nameOf, type Columns } from "../../common/holdup-client/columns.ts";
import { requestDeviceCode, waitForDeviceToken } from "../../common/holdup-client/device-flow.ts";
import { holdupApi, HoldupApiError, type Counters, type HoldupApi } from "../../common/holdup-client/holdup-api.ts";
import { followLiveEvents, type StreamState } from "../../common/holdup-client/live-events.ts";
import { formatUserCode } from "../../common/devices.ts";
import type { BlockerResource } from "../../common/public-api.ts";
import { trayFetch } from "./http-fetch.ts";
import { menuModel, type TrayAction, type TrayMenu, type TrayState } from "./menu-model.ts";
import type { TokenStore } from "./token-store.ts";

export type TrayNotification = { title: string; body: string; url: string };

export type TrayDependencies = {
  serverUrl: string;
  tokens: TokenStore;
  show: (menu: TrayMenu) => void;
  notify: (notification: TrayNotification) => void;
  openUrl: (url: string) => void;
  /** The tray was asked to quit. */
  quit: () => void;
  /** The device's clock (Date.now); what the tray counts — ages, a day's snooze — is on the server's (holdup-api.ts). */
  now?: () => number;
  log?: (message: string) => void;
  /** Node's own fetch when given; by default the tray's, over node:http, which costs far less memory (http-fetch.ts). */
  fetch?: typeof fetch;
};

export function startTray(deps: TrayDependencies) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => undefined);
  const fetchFromServer = deps.fetch ?? trayFetch;
  let state: TrayState = { phase: "signed-out" };
  let session: { api: HoldupApi; me: string | undefined; stop: () => void } | undefined;
  let signingIn: AbortController | undefined;
  /** What was waiting on me at the last read, with my part's last nudge: to notice what is new. */
  let lastSeen: Map<string, string | null> | undefined;

  const render = () => deps.show(menuModel(state, deps.serverUrl));
  const setState = (next: TrayState) => {
    state = next;
    render();
  };

  function signedOut(reason: string) {
    session?.stop();
    session = undefined;
    lastSeen = undefined;
    setState({ phase: "signed-out", reason });
  }

  /** The server no longer takes the token (its person signed the tray out): it is forgotten. */
  function revoked() {
    void deps.tokens.clear();
    signedOut("Signed out in Holdup");
  }

  /** Ends its session on the server (if it can be reached: else it ends when signed out in settings or 90 days
   * unused) and forgets its token; the menu then offers to sign in again. */
  async function signOut() {
    await session?.api.signOut().catch(() => undefined);
    await deps.tokens.clear();
    signedOut("Signed out");
  }

  async function signIn() {
    signingIn?.abort();
    const abort = (signingIn = new AbortController());
    const options = { baseUrl: deps.serverUrl, clientId: "holdup-tray" as const, fetch: fetchFromServer, signal: abort.signal };
    try {
      const code = await requestDeviceCode(options);
      setState({ phase: "signing-in", userCode: formatUserCode(code.userCode), verificationUri: code.verificationUriComplete });
      deps.openUrl(code.verificationUriComplete);
      const outcome = await waitForDeviceToken(options, code);
      if (outcome.outcome === "signed-in") {
        await deps.tokens.save(outcome.token);
        follow(outcome.token);
      } else signedOut(outcome.outcome === "denied" ? "Sign-in was denied in the browser" : "The code expired before it was approved");
    } catch (error) {
      if (abort.signal.aborted) return;
      signedOut(`Could not sign in: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // Reads the counters and both lists; a read asked for while one runs makes one more run after it, never two.
  const readListsOnce = coalesced(() => readLists());
  const refresh = () => void readListsOnce();

  async function readLists() {
    const current = session;
    if (!current || state.phase !== "signed-in") return;
    try {
      current.me ??= (await current.api.me()).person.id;
      const [counts, waitingOnMe, imWaitingOn] = await Promise.all([current.api.counters(), current.api.waitingOnMe(), current.api.imWaitingOn()]);
      if (session !== current || state.phase !== "signed-in") return;
      const serverNow = current.api.serverNow();
      const columns: Columns = { waitingOnMe: waitingOnMeItems(waitingOnMe, current.me, serverNow), imWaitingOn: imWaitingOnItems(imWaitingOn, serverNow) };
      noticeNew(waitingOnMe, current.me);
      setState({ ...state, columns, counts });
    } catch (error) {
      if (error instanceof HoldupApiError && error.signedOut) revoked();
      else log(`Could not read the lists: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A notification for each blocker newly waiting on me, and each new nudge of my part (not on the first read). */
  function noticeNew(blockers: BlockerResource[], me: string) {
    const seen = new Map(blockers.map((blocker) => [blocker.id, blocker.blocking.find((part) => part.person.id === me)?.lastNudgedAt ?? null]));
    if (lastSeen) {
      for (const blocker of blockers) {
        const by = blocker.waiting.map(nameOf).join(", ");
        if (!lastSeen.has(blocker.id)) deps.notify({ title: `${by} ${blocker.waiting.length > 1 ? "are" : "is"} waiting on you`, body: blocker.title, url: blocker.url });
        else {
          const nudged = seen.get(blocker.id);
          if (nudged && nudged !== lastSeen.get(blocker.id)) deps.notify({ title: `${by} nudged you`, body: blocker.title, url: blocker.url });
        }
      }
    }
    lastSeen = seen;
  }

  function follow(token: string) {
    session?.stop();
    const api = holdupApi({ baseUrl: deps.serverUrl, token, fetch: fetchFromServer, now });
    setState({ phase: "signed-in", stream: { kind: "connecting" }, columns: undefined, counts: undefined });
    const stream = followLiveEvents({
      baseUrl: deps.serverUrl,
      token,
      fetch: fetchFromServer,
      onState: (streamState: StreamState) => {
        if (streamState.kind === "signed-out") revoked();
        else if (state.phase === "signed-in") setState({ ...state, stream: streamState });
      },
      onReady: refresh,
      // "notification" is the web app's unread count: a change that notifies me also sends "blocker", which is what
      // the lists follow. Read on both, each change was read twice (the second came while the first read ran).
      onEvent: (event) => {
        if (event.kind !== "notification") refresh();
      },
    });
    session = { api, me: undefined, stop: stream.stop };
  }

  async function act(action: TrayAction) {
    const api = session?.api;
    try {
      switch (action.type) {
        case "open":
          return deps.openUrl(action.url);
        case "log-blocker":
          return deps.openUrl(new URL("/add", deps.serverUrl).toString());
        case "sign-in":
          return await signIn();
        case "reconnect":
          if (session && state.phase === "signed-in") {
            const token = await deps.tokens.load();
            if (token) follow(token);
          }
          return;
        case "sign-out":
          return await signOut();
        case "quit":
          stop();
          return deps.quit();
        case "mark-done":
          await api?.markDone(action.blockerId);
          break;
        case "snooze-day":
          await api?.snoozeUntilTomorrow(action.blockerId);
          break;
        case "nudge":
          await api?.nudge(action.blockerId, action.profileId);
          break;
      }
      refresh();
    } catch (error) {
      if (error instanceof HoldupApiError && error.signedOut) return revoked();
      const message = error instanceof Error ? error.message : String(error);
      deps.notify({ title: "Holdup could not do that", body: message, url: new URL("/dashboard", deps.serverUrl).toString() });
    }
  }

  function stop() {
    signingIn?.abort();
    session?.stop();
    session = undefined;
  }

  const started = (async () => {
    render();
    const token = await deps.tokens.load();
    if (token) follow(token);
    else await signIn();
  })();

  return { act, stop, started, state: () => state };
}

export type Tray = ReturnType<typeof startTray>;
export type { Counters };
