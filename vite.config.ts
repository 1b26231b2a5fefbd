import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { inlineThemeScript, markdownContent, sitePagesInDev } from "./scripts/vite-site-plugins.ts";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), markdownContent(), sitePagesInDev(), inlineThemeScript()],
  resolve: { tsconfigPaths: true },
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
    // Two documents: the signed-in app (index.html) and the public site (site.html, pre-rendered per page).
    rollupOptions: {
      input: { app: "web/index.html", site: "web/site.html" },
      // The libraries every page runs (React, translations, class names) in one file: on a slow phone network
      // each extra file costs a round trip before the page can hydrate.
      output: { codeSplitting: { groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|i18next|tailwind-merge|clsx|class-variance-authority)[\\/]/ }] } },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
