// The team this tab acts in (decision 029). Each tab keeps its own (session storage), so two tabs on two teams
// never act in each other's; the last one chosen anywhere (local storage) is where a new tab starts. Every API
// request names it (X-Holdup-Team, see api-client.ts), the event stream too (?team=).
import { useSyncExternalStore } from "react";
import { TEAM_HEADER, TEAM_STORAGE_KEY } from "@/common/teams";

const listeners = new Set<() => void>();

function read(storage: () => Storage): string | null {
  try {
    return storage().getItem(TEAM_STORAGE_KEY);
  } catch {
    return null; // storage can be refused (private modes, sandboxed frames): the server's first team then
  }
}

function write(storage: () => Storage, teamId: string | null) {
  try {
    if (teamId === null) storage().removeItem(TEAM_STORAGE_KEY);
    else storage().setItem(TEAM_STORAGE_KEY, teamId);
  } catch {
    // as above: the choice lasts as long as the page then
  }
}

let current: string | null = read(() => sessionStorage) ?? read(() => localStorage);

/**
 * The team a page the server draws is drawn in (issue #28): a cookie, written by the tab in use — when it chooses a
 * team and whenever it is focused — so a reload, an address typed or a link opened from it shows this tab's team.
 */
function nameTeamForPages() {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = current === null ? `${TEAM_STORAGE_KEY}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${TEAM_STORAGE_KEY}=${encodeURIComponent(current)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
if (typeof window !== "undefined") {
  nameTeamForPages();
  window.addEventListener("focus", nameTeamForPages);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") nameTeamForPages();
  });
}

export const currentTeamId = () => current;

/** This tab now acts in `teamId` (null: the server's choice, the person's first team); new tabs start there. */
export function chooseTeam(teamId: string | null) {
  if (teamId === current) return;
  current = teamId;
  write(() => sessionStorage, teamId);
  write(() => localStorage, teamId);
  nameTeamForPages();
  for (const listener of listeners) listener();
}

export function useCurrentTeamId() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTeamId,
    () => null,
  );
}

/** The request's init with the team named, for Holdup's own API. */
export function withTeam(init: RequestInit | undefined): RequestInit | undefined {
  if (current === null) return init;
  const headers = new Headers(init?.headers);
  headers.set(TEAM_HEADER, current);
  return { ...init, headers };
}
