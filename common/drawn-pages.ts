// The signed-in pages the server draws (issue #28, decision 053): the server answers them with the page drawn
// (server/http/signed-in-pages.ts), and the service worker fetches them from the network, never from a cache
// (web/service-worker/sw.ts).
export const drawnPages = [
  { page: "dashboard", path: /^\/dashboard$/ },
  { page: "blocker", path: /^\/blockers\/([^/]+)$/ },
  { page: "resolved", path: /^\/resolved$/ },
  { page: "notifications", path: /^\/notifications$/ },
] as const;

export type DrawnPage = (typeof drawnPages)[number]["page"];
