// The files the tray needs at run time besides its code — its icons, systray2's tray program for this OS, the
// keychain's native addon — and where they are. Run from the repository, they are where the repository and
// node_modules keep them. In the packaged executable (npm run tray:package, decision 044) they are embedded as assets
// and written out to the tray's own directory: a program cannot be started, nor an addon loaded, from inside an
// executable. Nothing else in the tray looks for a file.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sea from "node:sea";
import { fileURLToPath } from "node:url";
import type { TrayIcon } from "./menu-model.ts";

export type TrayFileId = `icon-${TrayIcon["look"]}` | "tray-program" | "keyring-addon";

/** The asset that lists, in the package, each file's name once written out (`TrayFileId` → a relative path). */
export const PACKAGED_NAMES = "names.json";

const LOOKS: Record<TrayIcon["look"], true> = { calm: true, waiting: true, offline: true, "signed-out": true };
const TRAY_PROGRAMS: Partial<Record<NodeJS.Platform, string>> = { linux: "tray_linux_release", darwin: "tray_darwin_release", win32: "tray_windows_release.exe" };
// @napi-rs/keyring's prebuilt addon for this OS: its package `@napi-rs/keyring-<target>`, its file `keyring.<target>.node`.
const KEYRING_TARGETS: Partial<Record<NodeJS.Platform, string>> = { linux: `linux-${process.arch}-gnu`, darwin: `darwin-${process.arch}`, win32: `win32-${process.arch}-msvc` };
/** Where systray2 runs a copy of its program from (its `copyDir`): `<directory>/bin/<systray2's version>/<program>`. */
const PROGRAMS_FOLDER = "bin";

/** The tray runs as the packaged executable (rather than from the repository with tsx). */
export const packaged = sea.isSea();

/** Each file in the repository (with node_modules), and its name once written out into the tray's directory. */
export function repositoryFiles(): Record<TrayFileId, { source: string; name: string }> {
  const require = createRequire(import.meta.url);
  const program = TRAY_PROGRAMS[process.platform];
  const keyringTarget = KEYRING_TARGETS[process.platform];
  if (!program || !keyringTarget) throw new Error(`no system tray program for ${process.platform}`);
  const systrayPackage = require.resolve("systray2/package.json");
  const systrayVersion = (JSON.parse(fs.readFileSync(systrayPackage, "utf8")) as { version: string }).version;
  const iconsDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../icons");
  const iconType = process.platform === "win32" ? "ico" : "png";
  const icons = Object.keys(LOOKS).map((look) => [`icon-${look}`, { source: path.join(iconsDirectory, `${look}.${iconType}`), name: path.join("icons", `${look}.${iconType}`) }]);
  const keyring = `keyring.${keyringTarget}.node`;
  return {
    ...(Object.fromEntries(icons) as Record<`icon-${TrayIcon["look"]}`, { source: string; name: string }>),
    "tray-program": { source: path.join(path.dirname(systrayPackage), "traybin", program), name: path.join(PROGRAMS_FOLDER, systrayVersion, program) },
    // Resolved lazily by the build only: from the repository the tray loads the keyring through its package.
    get "keyring-addon"() {
      return { source: path.join(path.dirname(require.resolve(`@napi-rs/keyring-${keyringTarget}/package.json`)), keyring), name: path.join(PROGRAMS_FOLDER, keyring) };
    },
  };
}

/** Writes `bytes` to `file` unless it holds them already; whole, through a rename, so a half-written file is never run. */
function writeOut(file: string, bytes: Uint8Array) {
  try {
    if (Buffer.compare(fs.readFileSync(file), bytes) === 0) return;
  } catch {
    // not there yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, bytes, { mode: 0o755 });
  fs.renameSync(temporary, file);
}

let inRepository: ReturnType<typeof repositoryFiles> | undefined;
const fromRepository = (id: TrayFileId) => (inRepository ??= repositoryFiles())[id];

const written = new Map<TrayFileId, string>();

/** The packaged file `id`, written out into `directory` (once per run). */
function packagedFile(id: TrayFileId, directory: string): string {
  let file = written.get(id);
  if (!file) {
    const names = JSON.parse(sea.getAsset(PACKAGED_NAMES, "utf8")) as Record<TrayFileId, string>;
    file = path.join(directory, names[id]);
    writeOut(file, new Uint8Array(sea.getAsset(id)));
    written.set(id, file);
  }
  return file;
}

/** Where the icon of `look` is. `directory` is the tray's own (config.ts). */
export const iconFile = (look: TrayIcon["look"], directory: string) => (packaged ? packagedFile(`icon-${look}`, directory) : fromRepository(`icon-${look}`).source);

/**
 * systray2's tray program, runnable, as systray2's `copyDir` option takes it: `false` to run the one it ships, else
 * the folder it runs `<folder>/<its version>/<program>` from. The program ships without its execute bit (and
 * systray2's own chmod passes a mode Node does not read): set it where it is installed, or, where that is read-only,
 * on a copy in the tray's directory — where the package writes it out too.
 */
export function trayProgramCopyDir(directory: string): string | false {
  if (packaged) {
    packagedFile("tray-program", directory);
    return path.join(directory, PROGRAMS_FOLDER);
  }
  const { source, name } = fromRepository("tray-program");
  try {
    fs.chmodSync(source, 0o755);
    return false;
  } catch {
    writeOut(path.join(directory, name), fs.readFileSync(source));
    return path.join(directory, PROGRAMS_FOLDER);
  }
}

export type Keyring = { Entry: new (service: string, account: string, options?: { linux?: { store?: "secret-service" | "keyutils" } }) => { getPassword(): string | null | undefined; setPassword(password: string): void; deletePassword(): boolean | void } };

/** @napi-rs/keyring: its package from the repository; in the package, its native addon, written out and loaded. */
export async function loadKeyring(directory: string): Promise<Keyring> {
  if (!packaged) return (await import("@napi-rs/keyring")) as unknown as Keyring;
  const addon = { exports: {} };
  process.dlopen(addon, packagedFile("keyring-addon", directory));
  return addon.exports as Keyring;
}
