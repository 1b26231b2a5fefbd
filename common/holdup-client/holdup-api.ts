// The public API as Holdup's tray and browser extension call it, with a device's token (decision 042): the two
// counters, the two lists, and the actions the columns offer. Errors come back as HoldupApiError with the server's
// code and message (the app's error shape), a 401 as "signed-out": the device was signed out and must sign in again.
import type { BlockerResource, PersonResource, TeammateResource } from "../public-api.ts";

export type Counters = { waitingOnMe: number; imWaitingOn: number };

export class HoldupApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  get signedOut() {
    return this.status === 401;
  }
}

/** `now`: the device's own clock (Date.now unless a test gives one). */
export type HoldupApiOptions = { baseUrl: string; token: string; fetch?: typeof fetch; team?: string; now?: () => number };

/** The server's `Date` header has whole seconds: a difference smaller than this is taken as none. */
const CLOCKS_AGREE_MS = 2_000;

export function holdupApi({ baseUrl, token, fetch: fetchImpl = fetch, team, now = Date.now }: HoldupApiOptions) {
  // How far the server's clock is ahead of the device's (negative: behind), from the last answer's Date header.
  // Blockers' ages, whom a nudge may reach (once an hour) and "snooze 1 day" are counted on the server's clock, so
  // a laptop whose clock is hours off still shows ages as they are and asks only what the server accepts.
  let serverAhead = 0;
  function heardFromServer(answer: Response) {
    const date = Date.parse(answer.headers?.get("date") ?? "");
    if (!Number.isFinite(date)) return;
    // The header is the second the server answered in, truncated: its middle is the best guess.
    const measured = date + 500 - now();
    serverAhead = Math.abs(measured) < CLOCKS_AGREE_MS ? 0 : measured;
  }
  /** The server's time now, as well as the device can tell (its own clock until the server has answered). */
  const serverNow = () => now() + serverAhead;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let answer: Response;
    try {
      answer = await fetchImpl(new URL(`/api/v1${path}`, baseUrl), {
        method,
        headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...(team ? { "x-holdup-team": team } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new HoldupApiError(0, "unreachable", `Holdup cannot be reached at ${baseUrl}${error instanceof Error && error.message ? ` (${error.message})` : ""}`);
    }
    heardFromServer(answer);
    const json: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) {
      const record = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
      const message = typeof record.message === "string" ? record.message : `Holdup answered ${answer.status}`;
      throw new HoldupApiError(answer.status, typeof record.code === "string" ? record.code : "error", message);
    }
    return json as T;
  }
  const list = (view: "waiting_on_me" | "im_waiting_on") => call<{ blockers: BlockerResource[] }>("GET", `/blockers?view=${view}&limit=100`).then((page) => page.blockers);
  return {
    serverNow,
    me: () => call<{ person: PersonResource; team: { id: string; name: string } }>("GET", "/me"),
    counters: () => call<Counters>("GET", "/counters"),
    people: () => call<{ people: TeammateResource[] }>("GET", "/people").then((answer) => answer.people),
    waitingOnMe: () => list("waiting_on_me"),
    imWaitingOn: () => list("im_waiting_on"),
    markDone: (blockerId: string) => call<BlockerResource>("POST", `/blockers/${encodeURIComponent(blockerId)}/done`),
    /** "Snooze until tomorrow", the columns' snooze: the start of the person's next working day, as the server reckons it. */
    snoozeUntilTomorrow: (blockerId: string) => call<BlockerResource>("POST", `/blockers/${encodeURIComponent(blockerId)}/snooze`, { choice: "tomorrow" }),
    nudge: (blockerId: string, profileId: string) => call<BlockerResource>("POST", `/blockers/${encodeURIComponent(blockerId)}/nudge`, { profileId }),
    createBlocker: (blocker: { title: string; linkUrl?: string; blockingProfileIds: string[] }) => call<BlockerResource>("POST", "/blockers", blocker),
    /** Ends the device's own session (a tray's or an extension's token; an API key cannot). */
    signOut: () => call<undefined>("POST", "/me/sign-out"),
  };
}

export type HoldupApi = ReturnType<typeof holdupApi>;
