// The tray's settings, from its environment: the only file of the tray that reads process.env.
import os from "node:os";
import path from "node:path";
import { z } from "zod";

const trayEnvironment = z.object({
  /** The Holdup server the tray talks to. */
  HOLDUP_URL: z.url("HOLDUP_URL must be the server's address, like http://localhost:3000").default("http://localhost:3000"),
  /** Where the tray keeps its token when there is no keychain (and nothing else). */
  HOLDUP_TRAY_DIR: z.string().optional(),
  /** `none`: never open a browser (print the address instead): for tests and remote machines. */
  HOLDUP_TRAY_BROWSER: z.enum(["system", "none"]).default("system"),
  /** `1`: print each menu the tray shows as a JSON line (the CI tray test reads them), and take actions from stdin. */
  HOLDUP_TRAY_REPORT: z.enum(["0", "1"]).default("0"),
  /** `1`: no tray icon at all (the behaviour alone, driven through HOLDUP_TRAY_REPORT). */
  HOLDUP_TRAY_HEADLESS: z.enum(["0", "1"]).default("0"),
});

export type TrayConfig = { serverUrl: string; directory: string; openBrowser: boolean; report: boolean; headless: boolean };

function defaultDirectory() {
  if (process.platform === "win32") return path.join(process.env.APPDATA ?? path.join(os.homedir(), "AppData", "Roaming"), "Holdup");
  if (process.platform === "darwin") return path.join(os.homedir(), "Library", "Application Support", "Holdup");
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "holdup");
}

export function loadTrayConfig(environment: NodeJS.ProcessEnv = process.env): TrayConfig {
  const parsed = trayEnvironment.safeParse(environment);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  const values = parsed.data;
  return {
    serverUrl: new URL(values.HOLDUP_URL).origin,
    directory: values.HOLDUP_TRAY_DIR ?? defaultDirectory(),
    openBrowser: values.HOLDUP_TRAY_BROWSER === "system",
    report: values.HOLDUP_TRAY_REPORT === "1",
    headless: values.HOLDUP_TRAY_HEADLESS === "1",
  };
}
