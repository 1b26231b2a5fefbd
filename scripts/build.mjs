// Builds Holdup for `npm start`: the web app with Vite, the server bundled by esbuild into one file
// (node runs it directly, without a TypeScript loader: faster to start, about 90 MB less memory).
// Its packages are bundled too: resolving and reading ~400 module files was a third of the start-up (decision 002).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compressAssets } from "./compress-assets.mjs";
import { prerenderSite } from "./prerender.mjs";
import { buildServiceWorker } from "./service-worker.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverBundle = path.join(root, "dist/server/main.js");
const webIndex = path.join(root, "dist/web/index.html");

/**
 * Left out of the bundle: PGlite finds its WebAssembly and data files beside its own module; pg-native is an
 * optional part of pg that we do not install; the password lists (2 MB) load on the first password checked.
 */
const serverExternals = ["@electric-sql/pglite", "pg-native", "@zxcvbn-ts/language-common", "@zxcvbn-ts/language-en"];

/** `npm start`'s server bundle; the crash test bundles its own server the same way (another entry and file, which must
 * sit two folders below the root, as dist/server/main.js does: the migrations are found relative to it). */
export async function buildServer({ entry = path.join(root, "server/main.ts"), outfile = serverBundle } = {}) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: serverExternals,
    // Bundled CommonJS packages call require() for Node's built-ins, which an ES module does not have.
    banner: { js: "import { createRequire as __holdupCreateRequire } from 'node:module'; const require = __holdupCreateRequire(import.meta.url);" },
    sourcemap: true,
    outfile,
    logLevel: "warning",
  });
}

/**
 * The browser build; then one server build of the same components with two entries (dist/ssr): the public site's
 * pre-rendering, run now, and the signed-in pages' renderer, run by the server (issue #28); then every asset compressed.
 */
export async function buildWeb() {
  const { build } = await import("vite");
  const configFile = path.join(root, "vite.config.ts");
  await build({ configFile, logLevel: "warn" });
  const ssrDir = path.join(root, "dist/ssr");
  await build({
    configFile,
    logLevel: "warn",
    build: {
      ssr: true,
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: "[name].js" } },
    },
  });
  const webDir = path.join(root, "dist/web");
  await buildServiceWorker({ root, webDir });
  await prerenderSite({ webDir, serverEntry: path.join(ssrDir, "prerender.js") });
  await compressAssets(webDir);
}

/** The browser extension (extension/vite.config.ts) into dist/extension, and the same files zipped for the store. */
export async function buildExtension() {
  const { build } = await import("vite");
  const { zipSync } = await import("fflate");
  const outDir = path.join(root, "dist/extension");
  await build({ configFile: path.join(root, "extension/vite.config.ts"), logLevel: "warn" });
  const files = {};
  for (const name of fs.readdirSync(outDir, { recursive: true })) {
    const file = path.join(outDir, name);
    if (fs.statSync(file).isFile()) files[name.split(path.sep).join("/")] = fs.readFileSync(file);
  }
  fs.writeFileSync(path.join(root, "dist/holdup-extension.zip"), zipSync(files, { level: 9, mtime: new Date("2026-01-01T00:00:00Z") }));
}

function newestChange(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** A build output is missing, or older than something it is built from. */
function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const existing = sources.map((name) => path.join(root, name)).filter((entry) => fs.existsSync(entry));
  return Math.max(...existing.map(newestChange)) > fs.statSync(output).mtimeMs;
}

export const webBuildIsStale = () => isStale(webIndex, ["web", "common", "content", "scripts", "vite.config.ts", "package-lock.json"]);
/** The server bundle is rebuilt only when its sources changed: esbuild's start and build are 0.2–0.4 s of `npm start`. */
export const serverBuildIsStale = () => isStale(serverBundle, ["server", "common", "scripts", "package-lock.json"]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb();
  await buildServer();
  await buildExtension();
}
