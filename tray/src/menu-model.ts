// What the tray shows, as a pure function of what it knows (issue #15): the icon's state and count, and a menu with
// two sections — Waiting on me, and I'm waiting on — each blocker a submenu of the actions that fit it, then "Log a
// blocker…", the connection's state, Sign out and Quit. The tray host (tray-host.ts) draws it with systray2 and runs the
// actions; tests read it directly. Nothing here talks to the server or the desktop.
import type { ColumnItem, Columns } from "../../common/holdup-client/columns.ts";
import type { StreamState } from "../../common/holdup-client/live-events.ts";

/** What a menu item does when chosen. */
export type TrayAction =
  | { type: "open"; url: string }
  | { type: "mark-done"; blockerId: string; title: string }
  | { type: "snooze-day"; blockerId: string; title: string }
  | { type: "nudge"; blockerId: string; profileId: string; name: string }
  | { type: "log-blocker" }
  | { type: "sign-in" }
  | { type: "reconnect" }
  | { type: "sign-out" }
  | { type: "quit" };

export type MenuItem = { title: string; enabled: boolean; action?: TrayAction; items?: MenuItem[] } | { separator: true };

/** The icon: its look, and the text beside it (the count of people waiting on me, where the desktop shows one). */
export type TrayIcon = { look: "calm" | "waiting" | "offline" | "signed-out"; title: string; tooltip: string };

export type TrayMenu = { icon: TrayIcon; items: MenuItem[] };

/** Where the tray is: signing in (with the code to show), or signed in with the lists it last read. */
export type TrayState =
  | { phase: "signed-out"; reason?: string }
  | { phase: "signing-in"; userCode: string; verificationUri: string }
  | { phase: "signed-in"; stream: StreamState; columns: Columns | undefined; counts: { waitingOnMe: number; imWaitingOn: number } | undefined };

/** At most this many blockers per section; the rest are one "Open Holdup" away. */
export const SECTION_LIMIT = 10;
/** At most this many people to nudge in one blocker's submenu; the others from its page. */
export const NUDGE_LIMIT = 4;

export const separator: MenuItem = { separator: true };
const heading = (title: string): MenuItem => ({ title, enabled: false });

function section(title: string, items: ColumnItem[], total: number, dashboardUrl: string, empty: string, actionsOf: (item: ColumnItem) => MenuItem[]): MenuItem[] {
  const shown = items.slice(0, SECTION_LIMIT).map((item): MenuItem => ({
    title: `${item.title} — ${item.people} · ${item.age}`,
    enabled: true,
    items: [{ title: "Open", enabled: true, action: { type: "open", url: item.url } }, ...actionsOf(item)],
  }));
  const more = total - shown.length;
  return [heading(`${title} (${total})`), ...(shown.length === 0 ? [heading(empty)] : shown), ...(more > 0 ? [{ title: `${more} more in Holdup…`, enabled: true, action: { type: "open", url: dashboardUrl } } satisfies MenuItem] : [])];
}

const waitingOnMeActions = (item: ColumnItem): MenuItem[] => [
  ...(item.myPartPending
    ? [
        { title: "Mark done", enabled: true, action: { type: "mark-done", blockerId: item.id, title: item.title } } satisfies MenuItem,
        { title: "Snooze until tomorrow", enabled: true, action: { type: "snooze-day", blockerId: item.id, title: item.title } } satisfies MenuItem,
      ]
    : []),
];

const imWaitingOnActions = (item: ColumnItem): MenuItem[] =>
  item.nudgeable.length === 0
    ? [{ title: "Nudged within the hour", enabled: false }]
    : item.nudgeable.slice(0, NUDGE_LIMIT).map((person): MenuItem => ({ title: `Nudge ${person.name}`, enabled: true, action: { type: "nudge", blockerId: item.id, profileId: person.profileId, name: person.name } }));

function streamLine(stream: StreamState): MenuItem {
  switch (stream.kind) {
    case "live":
      return { title: "Live", enabled: false };
    case "connecting":
      return { title: "Connecting…", enabled: false };
    case "offline":
      return { title: `Offline: ${stream.reason}. Try now`, enabled: true, action: { type: "reconnect" } };
    case "signed-out":
      return { title: "Signed out. Sign in…", enabled: true, action: { type: "sign-in" } };
  }
}

export function menuModel(state: TrayState, serverUrl: string): TrayMenu {
  const dashboardUrl = new URL("/dashboard", serverUrl).toString();
  const quit: MenuItem = { title: "Quit Holdup", enabled: true, action: { type: "quit" } };
  if (state.phase === "signed-out") {
    return {
      icon: { look: "signed-out", title: "", tooltip: "Holdup: signed out" },
      items: [heading(state.reason ?? "Not signed in"), { title: "Sign in…", enabled: true, action: { type: "sign-in" } }, separator, quit],
    };
  }
  if (state.phase === "signing-in") {
    return {
      icon: { look: "signed-out", title: "", tooltip: `Holdup: approve code ${state.userCode} in your browser` },
      items: [heading(`Approve code ${state.userCode} in your browser`), { title: "Open the approval page", enabled: true, action: { type: "open", url: state.verificationUri } }, separator, quit],
    };
  }
  const { columns, counts, stream } = state;
  const waitingOnMe = counts?.waitingOnMe ?? columns?.waitingOnMe.length ?? 0;
  const imWaitingOn = counts?.imWaitingOn ?? columns?.imWaitingOn.length ?? 0;
  const offline = stream.kind === "offline" || stream.kind === "signed-out";
  const look = stream.kind === "signed-out" ? "signed-out" : offline ? "offline" : waitingOnMe > 0 ? "waiting" : "calm";
  const tooltip = stream.kind === "signed-out" ? "Holdup: signed out" : `Holdup: ${waitingOnMe} waiting on you, you wait on ${imWaitingOn}${offline ? " (offline)" : ""}`;
  const sections = columns
    ? [
        ...section("Waiting on me", columns.waitingOnMe, waitingOnMe, dashboardUrl, "Nobody is waiting on you", waitingOnMeActions),
        separator,
        ...section("I'm waiting on", columns.imWaitingOn, imWaitingOn, dashboardUrl, "You are not waiting on anyone", imWaitingOnActions),
      ]
    : [heading("Loading…")];
  return {
    icon: { look, title: waitingOnMe > 0 ? String(waitingOnMe) : "", tooltip },
    items: [...sections, separator, { title: "Log a blocker…", enabled: true, action: { type: "log-blocker" } }, { title: "Open Holdup", enabled: true, action: { type: "open", url: dashboardUrl } }, separator, streamLine(stream), { title: "Sign out", enabled: true, action: { type: "sign-out" } }, quit],
  };
}
