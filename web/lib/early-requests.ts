// The session and, for someone signed in, their profile (and, on the dashboard, its first answer) are asked for by
// an inline script of index.html while the app's code is still downloading; the app's first request for each takes
// that answer instead of asking again.
// Without it the two requests wait for the whole entry to arrive and run, and then for each other: on a phone
// network, seconds before the signed-in page can be drawn (bench:web, docs/benchmarks.md).

import { TEAM_HEADER, TEAM_STORAGE_KEY } from "../../common/teams.ts";

type EarlyAnswers = Record<string, Promise<Response | null> | undefined>;
declare global {
  interface Window {
    holdupEarlyRequests?: EarlyAnswers;
  }
}

/** Inlined into index.html's head (scripts/app-shell-plugins.ts); the Content-Security-Policy allows it by hash. */
export const earlyRequestsScript = `(function () {
  try {
    // The team this tab acts in, as web/lib/current-team.ts keeps it, named as the app names it (decision 029).
    var team = null;
    try { team = sessionStorage.getItem(${JSON.stringify(TEAM_STORAGE_KEY)}) || localStorage.getItem(${JSON.stringify(TEAM_STORAGE_KEY)}); } catch (e) {}
    var get = function (path) { return fetch(path, { credentials: "same-origin", headers: team ? { ${JSON.stringify(TEAM_HEADER)}: team } : {} }); };
    var session = get("/api/auth/get-session");
    var signedIn = session
      .then(function (response) { return response.ok ? response.clone().json() : null; })
      .then(function (answer) { return Boolean(answer && answer.user); })
      .catch(function () { return false; });
    var whenSignedIn = function (path) {
      return signedIn.then(function (yes) { return yes ? get(path) : null; }).catch(function () { return null; });
    };
    var early = { "/api/auth/get-session": session, "/api/profile": whenSignedIn("/api/profile") };
    // The dashboard's counters and first pages (GET /api/dashboard), on the dashboard's own address only.
    if ((location.pathname === "/dashboard" || location.pathname === "/dashboard/") && !location.search) early["/api/dashboard"] = whenSignedIn("/api/dashboard");
    window.holdupEarlyRequests = early;
  } catch (e) {}
})();`;

/**
 * fetch, except that the first GET of an address the inline script asked for (its path and query, exactly) takes
 * its answer (once: every later request, a refresh, goes to the server). Only while the page is starting
 * (EARLY_ANSWER_MS) and only a successful one: an answer kept for a page the person did not reach first (the
 * dashboard, before onboarding) would be stale when they get there. Otherwise the app makes a request of its own.
 */
const EARLY_ANSWER_MS = 10_000;

export async function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const address = new URL(url, window.location.href);
  const path = address.pathname + address.search;
  const early = window.holdupEarlyRequests;
  const waiting = method === "GET" ? early?.[path] : undefined;
  if (waiting && early) {
    early[path] = undefined;
    const answer = performance.now() < EARLY_ANSWER_MS ? await waiting.catch(() => null) : null;
    if (answer?.ok) return answer;
  }
  return fetch(input, init);
}
