// The tray for real, on a Linux desktop (issue #15): Xvfb for a screen, a D-Bus session with dunst as its
// notification service, and trayer as the panel's system tray. The tray — `npm run tray` as the README shows it, then
// the packaged executable (`npm run tray:package`, decision 044) copied alone into an empty folder — signs in through
// the device grant against a running Holdup (Bob approves its code from his browser), a blocker logged by Ana appears
// in its menu — read from the tray process's own menu model (HOLDUP_TRAY_REPORT=1); how soon is the benchmark's to
// measure (`npm run bench -- --only tray`: within a second at the 99th percentile), not this test's — and its desktop
// notification reaches the notification service (notify-send, seen on the bus by dbus-monitor); xdotool clicks the
// icon to open the menu, whose screenshot is saved to test-results/tray/menu.png (packaged-menu.png). Run by
// `npm run test:tray`, which packages the tray first (CI installs xvfb trayer xdotool dbus-x11
// libayatana-appindicator3-1 imagemagick x11-utils dunst libnotify-bin).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOutDevices } from "../../server/test/device-sign-in.ts";
import { makeTeam, type Teammate } from "../../server/test/factories.ts";
import { startTestServer, type TestServer } from "../../server/test/test-server.ts";
import type { TrayMenu } from "../src/menu-model.ts";
import { repositoryFiles, type TrayFileId } from "../src/tray-files.ts";

const DISPLAY = `:${90 + Math.floor(Math.random() * 9)}`;
const SCREENSHOTS = path.resolve("test-results/tray");
const PACKAGED = path.resolve("dist/tray/holdup-tray");
const children: ChildProcess[] = [];
/** Folders the test made (a copy of the package is 90 MB): removed at the end. */
const folders: string[] = [];
const newFolder = (prefix: string) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
let server: TestServer;
let desktop: NodeJS.ProcessEnv;
/** What dbus-monitor saw of the notifications sent on the session bus. */
let notificationsOnBus = "";

/** Polls until `check` answers something, or fails after `timeoutMs`. */
async function until<T>(what: string | (() => string), check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${typeof what === "string" ? what : what()}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const run = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { env: desktop, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return undefined;
  }
};

/** A program for the test's desktop, in a process group of its own, so stopping it stops what it started (npm → node). */
function start(command: string, args: string[], env: NodeJS.ProcessEnv = desktop, cwd?: string) {
  const child = spawn(command, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"], detached: true });
  children.push(child);
  return child;
}
const stop = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once("exit", resolve)));

beforeAll(async () => {
  if (!fs.existsSync(PACKAGED)) throw new Error(`${PACKAGED} is missing: npm run test:tray packages the tray first (npm run tray:package)`);
  server = await startTestServer({ smtp: false });
  start("Xvfb", [DISPLAY, "-screen", "0", "1024x600x24", "-nolisten", "tcp"], process.env);
  desktop = { ...process.env, DISPLAY };
  await until("the X server", () => (run("xdpyinfo", []) ? true : undefined));
  for (const line of execFileSync("dbus-launch", ["--sh-syntax"], { env: desktop, encoding: "utf8" }).split("\n")) {
    // DBUS_SESSION_BUS_ADDRESS='unix:…'; and DBUS_SESSION_BUS_PID=1234; (unquoted: afterAll stops the bus by it).
    const [, name, value] = /^(\w+)='?([^';]*)'?;/.exec(line) ?? [];
    if (name && value !== undefined) desktop[name] = value;
  }
  const monitor = start("dbus-monitor", ["--session", "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"]);
  monitor.stdout?.on("data", (chunk: Buffer) => (notificationsOnBus += chunk.toString()));
  start("dunst", []);
  const notificationService = ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications"];
  await until("the notification service", () => (run("dbus-send", notificationService)?.includes("boolean true") ? true : undefined));
  start("trayer", ["--edge", "top", "--align", "right", "--widthtype", "pixel", "--width", "160", "--height", "32", "--SetDockType", "true", "--transparent", "false", "--tint", "0xeeeeee"]);
  await until("the tray host's window", () => run("xdotool", ["search", "--onlyvisible", "--class", "trayer"])?.trim() || undefined);
}, 60_000);

afterAll(async () => {
  for (const child of children.reverse()) stop(child);
  if (desktop?.DBUS_SESSION_BUS_PID) process.kill(Number(desktop.DBUS_SESSION_BUS_PID), "SIGTERM");
  await server?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The two ways to run the tray: from the repository as the README shows, and as the package, alone in a folder. */
const ways = [
  { name: "npm run tray", writtenOut: [] as TrayFileId[], screenshot: "menu.png", blocker: "Sign the release notes", command: () => ({ command: "npm", args: ["run", "--silent", "tray"], cwd: process.cwd() }) },
  {
    name: "the packaged executable",
    writtenOut: ["tray-program", "keyring-addon", "icon-waiting"] as TrayFileId[],
    screenshot: "packaged-menu.png",
    blocker: "Sign the packaged build",
    command: () => {
      const folder = newFolder("holdup-tray-package-");
      fs.copyFileSync(PACKAGED, path.join(folder, "holdup-tray"));
      fs.chmodSync(path.join(folder, "holdup-tray"), 0o755);
      return { command: path.join(folder, "holdup-tray"), args: [], cwd: folder };
    },
  },
];

describe("the tray on a Linux desktop", () => {
  it.each(ways)("$name: signs in with a code approved in the browser, shows a new blocker, notifies, and opens its menu", async ({ writtenOut, screenshot, blocker, command }) => {
    const [ana, bob] = (await makeTeam(server, ["Ana", "Bob"])) as [Teammate, Teammate];
    const trayDirectory = newFolder("holdup-tray-");
    const how = command();
    const tray = start(how.command, how.args, { ...desktop, HOLDUP_URL: server.url, HOLDUP_TRAY_REPORT: "1", HOLDUP_TRAY_BROWSER: "none", HOLDUP_TRAY_DIR: trayDirectory }, how.cwd);
    const menus: { menu: TrayMenu }[] = [];
    const opened: string[] = [];
    let errors = "";
    tray.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    readline.createInterface({ input: tray.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      const message = JSON.parse(line) as { menu?: TrayMenu; opened?: string };
      if (message.menu) menus.push({ menu: message.menu });
      if (message.opened) opened.push(message.opened);
    });
    const titles = (menu: TrayMenu | undefined) => (menu?.items ?? []).map((item) => ("separator" in item ? "---" : item.title));

    // The tray opens the approval page (here: prints it); Bob approves it from his browser.
    const approvalPage = await until(() => `the tray's approval page (stderr: ${errors})`, () => opened[0]);
    const userCode = new URL(approvalPage).searchParams.get("user_code") ?? "";
    const browser = bob.client.fromAnotherNetwork();
    expect((await browser.request(`/api/auth/device?user_code=${userCode}`)).status).toBe(200);
    expect((await browser.post("/api/auth/device/approve", { userCode })).status).toBe(200);
    // Live, with its lists read: a blocker logged before the first read would be no news to notify.
    const ready = (shown: string[]) => shown.includes("Live") && !shown.includes("Loading…");
    await until("the tray signed in and live, its lists read", () => (ready(titles(menus.at(-1)?.menu)) ? true : undefined), 30_000);

    const made = await ana.client.post("/api/blockers", { title: blocker, blockingProfileIds: [bob.profileId] });
    expect(made.status, made.text).toBe(201);
    await until("the new blocker in the tray's menu", () => (titles(menus.at(-1)?.menu).some((title) => title.startsWith(blocker)) ? true : undefined));
    expect(menus.at(-1)?.menu.icon).toMatchObject({ look: "waiting", title: "1" });
    // The tray ran notify-send, which reached the desktop's notification service.
    await until(() => `the notification on the bus (stderr: ${errors}; bus: ${notificationsOnBus})`, () => (notificationsOnBus.includes(`string "${blocker}"`) ? true : undefined));
    expect(errors).not.toContain("desktop notifications are not available");
    // The keychain's addon loaded (from the package too, which wrote it out into the tray's directory with its program
    // and icons) and asked D-Bus for the Secret Service, which this desktop has not: the token is in the 0600 file.
    expect(errors).toContain("No keychain (Platform failure: DBus error: The name org.freedesktop.secrets was not provided");
    expect(fs.statSync(path.join(trayDirectory, "tokens.json")).mode & 0o777).toBe(0o600);
    for (const id of writtenOut) expect(fs.existsSync(path.join(trayDirectory, repositoryFiles()[id].name)), id).toBe(true);

    // The icon is in the tray host's window: click it, wait for the menu to be drawn, and keep a picture of it.
    const panel = await until("the tray host's window", () => run("xdotool", ["search", "--onlyvisible", "--class", "trayer"])?.trim().split("\n")[0]);
    const geometry = run("xdotool", ["getwindowgeometry", "--shell", panel]) ?? "";
    const value = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(geometry)?.[1] ?? 0);
    // The menu is a window of its own, mapped on top of the screen when it opens.
    const mappedWindows = () => (run("xwininfo", ["-root", "-children"]) ?? "").split("\n").filter((line) => /^\s+0x/.test(line)).length;
    const before = mappedWindows();
    run("xdotool", ["mousemove", String(value("X") + value("WIDTH") - 16), String(value("Y") + 16), "click", "1"]);
    await until("the tray's menu on screen", () => (mappedWindows() > before ? true : undefined), 10_000);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    execFileSync("import", ["-window", "root", path.join(SCREENSHOTS, screenshot)], { env: desktop });
    expect(fs.statSync(path.join(SCREENSHOTS, screenshot)).size).toBeGreaterThan(1_000);
    // Bob signs the tray out in Holdup: it says so and forgets its token (the next tray, on the same server, finds none).
    await signOutDevices(bob);
    await until("the tray signed out", () => (titles(menus.at(-1)?.menu).includes("Signed out in Holdup") ? true : undefined));
    // Gone, icon and all, before the next tray's icon is clicked.
    stop(tray);
    await exited(tray);
  });
});
