// `npm run tray`: Holdup's tray for the server at HOLDUP_URL (default http://localhost:3000). It signs in with a
// code approved in the browser the first time (decision 042), then sits in the system tray with both columns.
// HOLDUP_TRAY_REPORT=1 prints each menu as a JSON line and takes actions as JSON lines on stdin (the CI tray test).
import "./v8-settings.ts";
import { spawn } from "node:child_process";
import readline from "node:readline";
import { loadTrayConfig } from "./config.ts";
import type { TrayAction, TrayMenu } from "./menu-model.ts";
import { desktopNotifier } from "./notifier.ts";
import { startTray, type Tray } from "./tray-app.ts";
import { startTrayHost } from "./tray-host.ts";
import { tokenStore } from "./token-store.ts";

const config = loadTrayConfig();
const log = (message: string) => process.stderr.write(`holdup-tray: ${message}\n`);
const report = (line: Record<string, unknown>) => config.report && process.stdout.write(`${JSON.stringify(line)}\n`);

/** Opens an address in the person's browser (or only says it, with HOLDUP_TRAY_BROWSER=none). */
function openUrl(url: string) {
  report({ opened: url });
  if (!config.openBrowser) return log(`open ${url}`);
  const [command, ...args] = process.platform === "darwin" ? ["open", url] : process.platform === "win32" ? ["cmd", "/c", "start", "", url] : ["xdg-open", url];
  const child = spawn(command as string, args, { stdio: "ignore", detached: true });
  child.on("error", (error) => log(`could not open a browser (${error.message}): ${url}`));
  child.unref();
}

let tray: Tray | undefined;
let host: Awaited<ReturnType<typeof startTrayHost>> | undefined;
const act = (action: TrayAction) => void tray?.act(action);
const quit = () => {
  tray?.stop();
  void host?.stop();
  process.exit(0);
};

// One function rather than top-level awaits: the packaged tray is one CommonJS file (decision 044).
async function run() {
  if (!config.headless) {
    host = await startTrayHost({ onAction: act, onExit: () => quit(), directory: config.directory }).catch((error: unknown) => {
      log(`no system tray (${error instanceof Error ? error.message : String(error)}): running without an icon`);
      return undefined;
    });
  }
  const notifier = desktopNotifier(log);
  tray = startTray({
    serverUrl: config.serverUrl,
    tokens: await tokenStore(config.directory, config.serverUrl, log),
    show: (menu: TrayMenu) => {
      report({ menu });
      void host?.show(menu).catch((error: unknown) => log(`could not draw the menu: ${String(error)}`));
    },
    notify: (notification) => {
      report({ notification });
      notifier.notify(notification);
    },
    openUrl,
    quit,
    log,
  });
  if (config.report) readline.createInterface({ input: process.stdin }).on("line", (line) => act(JSON.parse(line) as TrayAction));
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
}

void run();
