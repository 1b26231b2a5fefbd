// The session and, for someone signed in, their profile are asked for by an inline script of index.html while the
// app's code is still downloading; the app's first request for each takes that answer instead of asking again.
// Without it the two requests wait for the whole entry to arrive and run, and then for each other: on a phone
// network, seconds before the signed-in page can be drawn (bench:web, docs/benchmarks.md).

type EarlyAnswers = Record<string, Promise<Response | null> | undefined>;
declare global {
  interface Window {
    holdupEarlyRequests?: EarlyAnswers;
  }
}

/** Inlined into index.html's head (scripts/app-shell-plugins.ts); the Content-Security-Policy allows it by hash. */
export const earlyRequestsScript = `(function () {
  try {
    var get = function (path) { return fetch(path, { credentials: "same-origin" }); };
    var session = get("/api/auth/get-session");
    window.holdupEarlyRequests = {
      "/api/auth/get-session": session,
      "/api/profile": session
        .then(function (response) { return response.ok ? response.clone().json() : null; })
        .then(function (answer) { return answer && answer.user ? get("/api/profile") : null; })
        .catch(function () { return null; }),
    };
  } catch (e) {}
})();`;

/**
 * fetch, except that the first GET of a path the inline script asked for takes its answer (once: every later
 * request, a refresh, goes to the server). A failed or missing early answer falls back to a request of its own.
 */
export async function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const path = new URL(url, window.location.href).pathname;
  const early = window.holdupEarlyRequests;
  const waiting = method === "GET" ? early?.[path] : undefined;
  if (waiting && early) {
    early[path] = undefined;
    const answer = await waiting.catch(() => null);
    if (answer) return answer;
  }
  return fetch(input, init);
}
