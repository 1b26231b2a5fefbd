// The service worker (issue #28, decision 053): a repeat visit paints from what this browser already has. The app's
// code — hashed files that never change under one name — is kept on install and answered from the cache first; the
// pages the server draws come from the network always (they are the person's own, never kept), their request started
// while the worker wakes (navigation preload). Nothing else passes through it: no API answer is ever kept.
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import { drawnPages } from "@/common/drawn-pages";

/** The code of the signed-in frame and its first pages, listed by the build (scripts/build.mjs). */
declare const PRECACHE: { url: string; revision: null }[];

precacheAndRoute(PRECACHE);
cleanupOutdatedCaches();
enableNavigationPreload();

// Any other code file: kept once fetched, the oldest let go past 300 (a release leaves the last one's behind).
registerRoute(({ url, request }) => url.origin === location.origin && url.pathname.startsWith("/assets/") && request.method === "GET", new CacheFirst({ cacheName: "holdup-assets", plugins: [new ExpirationPlugin({ maxEntries: 300 })] }));

// The pages the server draws: from the network, through the preloaded request (never from a cache).
registerRoute(({ request, url }) => request.mode === "navigate" && drawnPages.some((page) => page.path.test(url.pathname)), new NetworkOnly());
