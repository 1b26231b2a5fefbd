// The browser extension's build (`npm run build` → dist/extension, and dist/holdup-extension.zip for the store):
// its two pages and its service worker, every module bundled in (Chrome MV3 runs no remote code), the manifest and
// icons from extension/public as they are. The web app's components, theme and zod setup come through the same paths.
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  publicDir: "public",
  base: "./",
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true, alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("../web/lib/zod-without-eval.ts", import.meta.url)) }] },
  build: {
    outDir: "../dist/extension",
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { popup: "popup.html", options: "options.html", background: "src/background.ts" },
      // The manifest names the service worker's file: it keeps its name; the rest are hashed.
      output: { entryFileNames: (chunk) => (chunk.name === "background" ? "background.js" : "assets/[name]-[hash].js") },
    },
  },
});
