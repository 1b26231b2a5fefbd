import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { paths } from "./common/paths.ts";
import { earlyRequests, routePreloads, signedInShell } from "./scripts/app-shell-plugins.ts";
import { inlineThemeScript, markdownContent, sitePagesInDev } from "./scripts/vite-site-plugins.ts";

export default defineConfig(({ isSsrBuild }) => ({
  root: "web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    markdownContent(),
    sitePagesInDev(),
    inlineThemeScript(),
    earlyRequests(),
    // The pages people open from a link or a bookmark (web/router.tsx has the whole table): their code is asked for
    // from the address, alongside the app's entry (scripts/app-shell-plugins.ts).
    routePreloads({
      frame: "web/app/app-layout.tsx",
      pages: {
        [paths.dashboard]: "web/features/dashboard/pages/dashboard-page.tsx",
        "/blockers/:id": "web/features/blockers/pages/blocker-page.tsx",
        [paths.addBlocker]: "web/features/blockers/pages/add-blocker-page.tsx",
        [paths.resolved]: "web/features/blockers/pages/resolved-page.tsx",
        [paths.notifications]: "web/features/notifications/pages/notifications-page.tsx",
        [paths.settingsPersonal]: "web/features/settings/pages/personal-settings-page.tsx",
      },
    }),
  ],
  // "zod" comes configured for our Content-Security-Policy (web/lib/zod-without-eval.ts); "zod/v4" is zod itself.
  resolve: { tsconfigPaths: true, alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("web/lib/zod-without-eval.ts", import.meta.url)) }] },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: {
      polyfill: false, // every browser Holdup supports preloads modules itself
      // The public site's entry (the `site` input) preloads a page's modules itself, all at once after the first
      // paint (scripts/prerender.mjs): lists of every page's dependencies in it would only weigh on `/`.
      resolveDependencies: (_file, deps, { hostId }) => (hostId === "site.html" || hostId.startsWith("assets/site-") ? [] : deps),
    },
    manifest: true, // read by the pre-rendering (scripts/prerender.mjs) to preload each page's code
    // Two documents: the signed-in app (index.html) and the public site (site.html, pre-rendered per page). The
    // server build (scripts/build.mjs, dist/ssr) has two entries of its own: the site's pre-rendering and the
    // signed-in pages' renderer (issue #28).
    rollupOptions: {
      input: (isSsrBuild ? { prerender: "web/site/prerender.tsx", "render-app": "web/app/server-render.tsx" } : { app: "web/index.html", site: "web/site.html" }) as Record<string, string>,
      // The libraries every page runs (React, translations, class names) in one file: on a slow phone network
      // each extra file costs a round trip before the page can hydrate.
      // The signed-in app's libraries every page runs (routing, data, session) in one more file. The UI parts (Radix,
      // cmdk, sonner) stay split by what uses them: grouped, a page would download every dialog, menu and the
      // palette before its first paint (the dashboard's 150 kB budget, docs/benchmarks.md).
      output: {
        codeSplitting: {
          // A group takes only the modules it names, not everything they import (the Radix parts the site shares).
          includeDependenciesRecursively: false,
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|i18next|tailwind-merge|clsx|class-variance-authority)[\\/]/ },
            { name: "app-libs", test: /node_modules[\\/](react-router|@tanstack|better-auth|@better-auth|@better-fetch|better-call|nanostores|defu)[\\/]/ },
            // PostHog, loaded by import() only once someone agreed to product analytics (web/lib/analytics.ts,
            // decision 038): named, so a test can tell that no page asks for it otherwise.
            { name: "posthog", test: /node_modules[\\/]posthog-js[\\/]/ },
            { name: signedInShell({ entry: "web/main.tsx", frame: "web/app/app-layout.tsx", site: "web/site/main.tsx" }) },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  // The server build carries its libraries, React's production build among them: nothing sets NODE_ENV where Holdup
  // runs, and React's development build, chosen at run time from node_modules, draws a page several times slower.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
}));
