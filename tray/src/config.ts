// The tray's settings, from its environment: the only file of the tray that reads process.env. Read by hand, not
// with zod as the server's are: for five variables zod was 95% of the tray's bundled code and 10 MB of its memory,
// a sixth of its idle budget (docs/benchmarks.md, "The tray").
import os from "node:os";
import path from "node:path";

export type TrayConfig = { serverUrl: string; directory: string; openBrowser: boolean; report: boolean; headless: boolean };

function defaultDirectory() {
  if (process.platform === "win32") return path.join(process.env.APPDATA ?? path.join(os.homedir(), "AppData", "Roaming"), "Holdup");
  if (process.platform === "darwin") return path.join(os.homedir(), "Library", "Application Support", "Holdup");
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "holdup");
}

/** The server's origin, or undefined when `value` is not an http(s) address. */
function serverOrigin(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function loadTrayConfig(environment: NodeJS.ProcessEnv = process.env): TrayConfig {
  const problems: string[] = [];
  /** One of `allowed`, `fallback` when the variable is not set. */
  const choice = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = environment[name];
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name}: must be one of ${allowed.map((each) => `"${each}"`).join(", ")}`);
    return fallback;
  };
  // HOLDUP_URL: the Holdup server the tray talks to.
  const serverUrl = serverOrigin(environment.HOLDUP_URL ?? "http://localhost:3000");
  if (!serverUrl) problems.push("HOLDUP_URL: must be the server's address, like http://localhost:3000");
  // `none`: never open a browser (print the address instead): for tests and remote machines.
  const browser = choice("HOLDUP_TRAY_BROWSER", ["system", "none"], "system");
  // `1`: print each menu the tray shows as a JSON line (the CI tray test reads them), and take actions from stdin.
  const report = choice("HOLDUP_TRAY_REPORT", ["0", "1"], "0");
  // `1`: no tray icon at all (the behaviour alone, driven through HOLDUP_TRAY_REPORT).
  const headless = choice("HOLDUP_TRAY_HEADLESS", ["0", "1"], "0");
  if (problems.length > 0 || !serverUrl) throw new Error(problems.join("\n"));
  return {
    serverUrl,
    // HOLDUP_TRAY_DIR: where the tray keeps its token when there is no keychain (and nothing else).
    directory: environment.HOLDUP_TRAY_DIR ?? defaultDirectory(),
    openBrowser: browser === "system",
    report: report === "1",
    headless: headless === "1",
  };
}
