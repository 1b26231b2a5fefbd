// Builds the service worker (web/service-worker/sw.ts) into dist/web/sw.js, with the list of code it keeps on install:
// the signed-in app's entry and everything it imports, and the code of the pages the server draws (read from Vite's
// build manifest, so run after the browser build and before the manifest is removed). Decision 053.
import fs from "node:fs";
import path from "node:path";

/** The pages' modules whose code a repeat visit should find in the cache (web/router.tsx loads them). */
const PAGE_SOURCES = ["features/dashboard/pages/dashboard-page.tsx", "features/blockers/pages/blocker-page.tsx", "features/blockers/pages/resolved-page.tsx", "features/notifications/pages/notifications-page.tsx", "app/app-layout.tsx"];

/** A chunk's file, its CSS and everything it imports statically, as URL paths. */
function closure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}`);
  if (into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) into.add(`/${css}`);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

export async function buildServiceWorker({ root, webDir }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, ".vite/manifest.json"), "utf8"));
  const files = new Set();
  for (const key of ["index.html", ...PAGE_SOURCES]) closure(manifest, key, files);
  // Hashed names: a file's name changes with its content, so no revision is needed.
  const precache = [...files].sort().map((url) => ({ url, revision: null }));
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.join(root, "web/service-worker/sw.ts")],
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    outfile: path.join(webDir, "sw.js"),
    define: { PRECACHE: JSON.stringify(precache), "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  return precache.length;
}
