// `npm run tray:package`: the tray as one executable for the OS it runs on, as a Node single-executable application
// (decision 044). esbuild bundles tray/src/main.ts into one CommonJS file; the files the tray needs at run time
// (tray/src/tray-files.ts: its icons, systray2's tray program, the keychain's addon) become the blob's assets; Node
// makes the blob, and postject injects it into a copy of this Node binary: dist/tray/holdup-tray (.exe on Windows).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { PACKAGED_NAMES, repositoryFiles } from "../tray/src/tray-files.ts";

const started = performance.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, "dist/tray");
const work = path.join(output, "build");
const executable = path.join(output, process.platform === "win32" ? "holdup-tray.exe" : "holdup-tray");
// Node's own names for the blob's place in the binary (doc/api/single-executable-applications.md).
const SEA_RESOURCE = "NODE_SEA_BLOB";
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** Runs a step, showing what it printed only if it fails. */
function quietly(command: string, args: string[]) {
  const step = spawnSync(command, args, { encoding: "utf8" });
  if (step.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${step.status ?? step.signal}):\n${step.stdout}${step.stderr}`);
}

fs.rmSync(output, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

// 1. The tray's code and its libraries in one CommonJS file: the only module format Node 20 runs from a blob. The
// keyring's package stays out (its addon comes as an asset, tray-files.ts). Where code asks for import.meta.url
// (only on the way to run from the repository), it gets the executable's.
const bundle = path.join(work, "holdup-tray.cjs");
await build({
  entryPoints: [path.join(root, "tray/src/main.ts")],
  outfile: bundle,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  external: ["@napi-rs/keyring"],
  define: { "import.meta.url": "__holdupTrayUrl" },
  banner: { js: 'const __holdupTrayUrl = require("node:url").pathToFileURL(__filename).href;' },
  legalComments: "none",
  logLevel: "warning",
});

// 2. The blob: the bundle, and each file as an asset under its id, with the names they take when written out.
const files = repositoryFiles();
const names = path.join(work, PACKAGED_NAMES);
fs.writeFileSync(names, JSON.stringify(Object.fromEntries(Object.entries(files).map(([id, file]) => [id, file.name]))));
const blob = path.join(work, "holdup-tray.blob");
const seaConfig = path.join(work, "sea-config.json");
const assets = { [PACKAGED_NAMES]: names, ...Object.fromEntries(Object.entries(files).map(([id, file]) => [id, file.source])) };
fs.writeFileSync(seaConfig, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, assets }, null, 2));
quietly(process.execPath, ["--experimental-sea-config", seaConfig]);

// 3. A copy of this Node, the blob injected into it (macOS wants its signature off before and a new one after).
fs.copyFileSync(process.execPath, executable);
fs.chmodSync(executable, 0o755);
// Node's symbol table and debugging data, 12 of its 99 MB here, are read by debuggers alone (addons link against its
// dynamic symbols, which stay): dropped on Linux where binutils' strip is at hand.
const stripped = process.platform === "linux" && spawnSync("strip", ["--version"]).status === 0;
if (stripped) quietly("strip", [executable]);
if (process.platform === "darwin") execFileSync("codesign", ["--remove-signature", executable]);
// postject's library prints a warning for each of Node's many ELF notes: its output is shown only when it fails.
const postject = createRequire(import.meta.url).resolve("postject/dist/cli.js");
quietly(process.execPath, [postject, executable, SEA_RESOURCE, blob, "--sentinel-fuse", SEA_FUSE, ...(process.platform === "darwin" ? ["--macho-segment-name", "NODE_SEA"] : [])]);
if (process.platform === "darwin") execFileSync("codesign", ["--sign", "-", executable]);
fs.rmSync(work, { recursive: true, force: true });

const megabytes = (fs.statSync(executable).size / 1024 / 1024).toFixed(1);
console.log(`${path.relative(root, executable)}: ${megabytes} MiB, in ${((performance.now() - started) / 1000).toFixed(1)} s (Node ${process.version}${stripped ? ", stripped" : ""}, ${process.platform}-${process.arch})`);
