// The desktop tray's cost (issue #15): its resident memory at rest, its share of a core while nothing changes
// (it waits on the live event stream: no polling, which the requests it makes while idle show), and how long a
// change takes to reach its menu. A real server (PGlite) in this process, a team, and trays as processes of their own,
// each signed in through the device grant for a teammate of its own and printing each menu it shows
// (HOLDUP_TRAY_REPORT=1). The same tray is run the ways it runs: as `npm run tray` runs it (node with tsx's loader),
// as plain JavaScript (tray/src/main.ts bundled by esbuild, run by node), as the packaged executable when one was
// built from the current sources (npm run tray:package), and with its icon on a virtual desktop when the machine has
// one (Xvfb, D-Bus, trayer: what the tray's own desktop test uses), where systray2's tray program runs beside it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import diagnostics from "node:diagnostics_channel";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { build } from "esbuild";
import type { MenuItem, TrayMenu } from "../tray/src/menu-model.ts";
import { makeBlocker, makeTeam, type Teammate } from "../server/test/factories.ts";
import { startTestServer, type TestServer } from "../server/test/test-server.ts";
import { processTree } from "./measure.ts";

/**
 * A process's resident memory (VmRSS), its peak (VmHWM), the part no other process shares (RssAnon), and its
 * proportional share (Pss: each page shared by n processes counts 1/n) — what a program mostly made of a desktop's
 * shared libraries, such as systray2's GTK program, costs beside the programs it shares them with.
 */
export type ProcessMemory = { pid: number; name: string; residentMegabytes: number; peakMegabytes: number; privateMegabytes: number; proportionalMegabytes: number };

/** How the tray runs: from source through tsx, as plain JavaScript, as the packaged executable; these headless, or with its icon. */
export type TrayKind = "source" | "javascript" | "packaged" | "icon";

export type TrayResult = {
  variant: string;
  kind: TrayKind;
  /** The tray's process and the programs it started, once signed in, live and its lists read. */
  live: ProcessMemory[];
  /** The same after the changes, settled, at the end of the idle window: what a tray in use costs at rest. */
  idle: ProcessMemory[];
  /** CPU time of the tray and its programs over the idle window, as a share of one core. */
  idleCoreShare: number;
  /** Milliseconds from the start of the request logging a blocker on the tray's person to the first menu showing it. */
  appeared: number[];
  /** The same from the start of the request resolving it to the first menu without it. */
  disappeared: number[];
};

export type TrayBench = {
  results: TrayResult[];
  idleSeconds: number;
  /** Requests the server received from all the trays during the idle window. */
  idleRequests: number;
  /** Menus the trays drew during the idle window (none: nothing changed). */
  idleMenus: number;
  /** Requests a tray made per change it was told of (the counters and both lists, read again). */
  requestsPerChange: number;
  /** Variants not measured on this machine, and why. */
  skipped: string[];
};


/**
 * A process's memory, in MB, and its name, from /proc (Linux). Resident memory counts the pages of the program and
 * its libraries (about 45 MB of the tray's, Node's own binary most of them), which other processes running them share.
 */
function memoryOf(pid: number): ProcessMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  const proportional = Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) / 1024;
  return { pid, name: /Name:\s+(\S+)/.exec(status)?.[1] ?? "?", residentMegabytes: field("VmRSS"), peakMegabytes: field("VmHWM"), privateMegabytes: field("RssAnon"), proportionalMegabytes: proportional };
}

/** CPU time (user + system) of a process, in clock ticks (100 a second on Linux), from /proc. */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);
const treeTicks = (pid: number) => processTree(pid).filter(alive).reduce((total, each) => total + cpuTicks(each), 0);
const treeMemory = (pid: number) => processTree(pid).filter(alive).map(memoryOf);
/** The measurement's own pacing (a window, the gap between changes), never a wait for an outcome. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onPath = (command: string) => (process.env.PATH ?? "").split(path.delimiter).some((directory) => fs.existsSync(path.join(directory, command)));

type TrayVariant = { name: string; kind: TrayKind; command: string[] };

/** A tray process and the menus it printed, each with the time (performance.now()) its line arrived. */
type RunningTray = { variant: TrayVariant; person: Teammate; child: ChildProcess; menus: { at: number; menu: TrayMenu }[]; opened: string[]; stderr: () => string; exited: Promise<unknown> };

function startTray(variant: TrayVariant, person: Teammate, env: NodeJS.ProcessEnv): RunningTray {
  const [command = process.execPath, ...args] = variant.command;
  const child = spawn(command, args, {
    env: { ...env, HOLDUP_TRAY_REPORT: "1", HOLDUP_TRAY_HEADLESS: variant.kind === "icon" ? "0" : "1", HOLDUP_TRAY_BROWSER: "none" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let errors = "";
  const tray: RunningTray = { variant, person, child, menus: [], opened: [], stderr: () => errors, exited: new Promise((resolve) => child.once("exit", resolve)) };
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    const at = performance.now();
    const message = JSON.parse(line) as { menu?: TrayMenu; opened?: string };
    if (message.menu) tray.menus.push({ at, menu: message.menu });
    if (message.opened) tray.opened.push(message.opened);
  });
  return tray;
}

const titles = (items: MenuItem[]) => items.flatMap((item) => ("separator" in item ? [] : [item.title]));
const latestTitles = (tray: RunningTray) => titles(tray.menus.at(-1)?.menu.items ?? []);

/** Waits for `check` to hold, looking every 20 ms; fails after `timeoutMs` with what the tray said. */
async function until(what: string, tray: RunningTray | undefined, check: () => boolean, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${tray ? ` (the tray said: ${tray.stderr().slice(-2000)})` : ""}`);
    await pause(20);
  }
}

/** When the first menu printed at or after `since` for which `check` holds arrived. */
async function menuAfter(tray: RunningTray, since: number, check: (titles: string[]) => boolean, what: string) {
  let found: number | undefined;
  await until(what, tray, () => (found = tray.menus.find((entry) => entry.at >= since && check(titles(entry.menu.items)))?.at) !== undefined, 10_000);
  return found as number;
}

/**
 * tray/src/main.ts as one JavaScript file (the code the packaged tray runs), in `directory`/src. Packages that find
 * files beside their own code (systray2's program, the keyring's addon, node-notifier's helpers) stay outside and
 * resolve from the checkout's node_modules, and the icons are where tray-files.ts looks for them (`../icons`).
 */
async function bundleTray(directory: string) {
  fs.symlinkSync(path.resolve("node_modules"), path.join(directory, "node_modules"), "dir");
  fs.symlinkSync(path.resolve("tray/icons"), path.join(directory, "icons"), "dir");
  const outfile = path.join(directory, "src", "holdup-tray.mjs");
  const built = await build({
    entryPoints: [path.resolve("tray/src/main.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    external: ["@napi-rs/keyring", "node-notifier", "systray2"],
    // Packages written as CommonJS call require(): give the module one.
    banner: { js: 'import { createRequire as __holdupRequire } from "node:module"; const require = __holdupRequire(import.meta.url);' },
    logLevel: "warning",
    metafile: true,
  });
  return { outfile, sources: Object.keys(built.metafile.inputs).filter((input) => !input.includes("node_modules")) };
}

/** The packaged executable, when npm run tray:package made it after the tray's sources (`sources`) last changed. */
function packagedTray(sources: string[]): { file: string } | { skipped: string } {
  const file = path.resolve("dist/tray/holdup-tray");
  if (!fs.existsSync(file)) return { skipped: "the packaged executable: not built (npm run tray:package)" };
  const newest = Math.max(...sources.map((source) => fs.statSync(source).mtimeMs));
  if (fs.statSync(file).mtimeMs < newest) return { skipped: "the packaged executable: built before the tray's sources last changed (npm run tray:package)" };
  // Started as a person starts it — at login, its pages read from disk as it needs them — not as it is right after the
  // build wrote it, when it is 10 MB more resident for the same work — most likely because a file just written stays
  // in the page cache in large blocks, which the kernel maps whole as the program touches them (decision 043).
  // dd's nocache drops this file's pages alone from the cache (posix_fadvise), which Node cannot ask.
  spawnSync("dd", [`if=${file}`, "iflag=nocache", "count=0", "status=none"]);
  return { file };
}

/**
 * A virtual Linux desktop, as the tray's desktop test makes one: Xvfb on a free display (it picks one and says which),
 * a D-Bus session, and trayer as the panel's tray. Undefined where these programs are missing.
 */
async function startDesktop(): Promise<{ env: NodeJS.ProcessEnv; stop: () => void } | undefined> {
  if (process.platform !== "linux" || !["Xvfb", "dbus-launch", "trayer", "xdotool"].every(onPath)) return undefined;
  const started: ChildProcess[] = [];
  let said = "";
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1024x600x24", "-nolisten", "tcp"], { stdio: ["ignore", "ignore", "pipe", "pipe"] });
  xvfb.stderr?.on("data", (chunk: Buffer) => (said += chunk.toString()));
  started.push(xvfb);
  const display = await new Promise<string>((resolve, reject) => {
    let number = "";
    (xvfb.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => {
      number += chunk.toString();
      if (number.includes("\n")) resolve(`:${number.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display };
  for (const line of execFileSync("dbus-launch", ["--sh-syntax"], { env, encoding: "utf8" }).split("\n")) {
    const [, name, value] = /^(\w+)='?([^';]*)'?;/.exec(line) ?? [];
    if (name && value !== undefined) env[name] = value;
  }
  const trayer = spawn("trayer", ["--edge", "top", "--align", "right", "--widthtype", "pixel", "--width", "160", "--height", "32", "--SetDockType", "true"], { env, stdio: ["ignore", "pipe", "pipe"] });
  for (const output of [trayer.stdout, trayer.stderr]) output?.on("data", (chunk: Buffer) => (said += chunk.toString()));
  started.push(trayer);
  const stop = () => {
    for (const child of started.reverse()) if (child.exitCode === null) child.kill("SIGTERM");
    if (env.DBUS_SESSION_BUS_PID) process.kill(Number(env.DBUS_SESSION_BUS_PID), "SIGTERM");
  };
  const trayerShown = () => {
    try {
      return execFileSync("xdotool", ["search", "--onlyvisible", "--class", "trayer"], { env, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() !== "";
    } catch {
      return false;
    }
  };
  await until(`trayer's window on ${display}`, undefined, trayerShown, 20_000).catch((error: unknown) => {
    stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${said ? `; Xvfb and trayer said: ${said.trim().slice(-500)}` : ""}`);
  });
  return { env, stop };
}

/**
 * Counts the requests the server receives with a bearer token (the trays': the teammate making changes uses cookies),
 * from Node's own HTTP diagnostics channel, so nothing stands between the trays and the server.
 */
function countTrayRequests() {
  let count = 0;
  const onStart = (message: unknown) => {
    if ((message as { request: IncomingMessage }).request.headers.authorization?.startsWith("Bearer ")) count++;
  };
  diagnostics.subscribe("http.server.request.start", onStart);
  return { count: () => count, stop: () => diagnostics.unsubscribe("http.server.request.start", onStart) };
}

/**
 * `packageWhenStale`: package the tray first (`npm run tray:package`, a few seconds) when its executable is missing or
 * older than its sources, so that every way the tray runs is measured — a smoke run's choice; a full run measures the
 * executable that was built, and lists it as not measured otherwise.
 */
export async function benchTray(options: { idleSeconds: number; settleSeconds: number; samples: number; packageWhenStale: boolean }): Promise<TrayBench> {
  const workDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-tray-"));
  const trays: RunningTray[] = [];
  const skipped: string[] = [];
  let server: TestServer | undefined;
  let desktop: Awaited<ReturnType<typeof startDesktop>>;
  const requests = countTrayRequests();
  try {
    const { outfile: bundle, sources } = await bundleTray(workDirectory);
    const variants: TrayVariant[] = [
      { name: "`npm run tray` (node --import tsx), headless", kind: "source", command: [process.execPath, "--import", "tsx", "tray/src/main.ts"] },
      { name: "plain JavaScript (the esbuild bundle, node), headless", kind: "javascript", command: [process.execPath, bundle] },
    ];
    let packaged = packagedTray(sources);
    if ("skipped" in packaged && options.packageWhenStale) {
      const packaging = spawnSync("npm", ["run", "--silent", "tray:package"], { stdio: "inherit" });
      if (packaging.status !== 0) throw new Error(`npm run tray:package failed (${packaging.status ?? packaging.signal})`);
      packaged = packagedTray(sources);
    }
    if ("file" in packaged) variants.push({ name: "the packaged executable (dist/tray/holdup-tray), headless", kind: "packaged", command: [packaged.file] });
    else skipped.push(packaged.skipped);
    // A desktop that does not come up (a busy machine, another program's display) costs this row, not the run.
    desktop = await startDesktop().catch((error: unknown) => void skipped.push(`with its icon: the virtual desktop did not start (${error instanceof Error ? error.message : String(error)})`));
    if (desktop) variants.push({ name: "plain JavaScript with its icon (Xvfb, trayer), systray2's tray program beside it", kind: "icon", command: [process.execPath, bundle] });
    else if (!skipped.some((reason) => reason.startsWith("with its icon"))) skipped.push("with its icon: no virtual desktop here (Xvfb, dbus-launch, trayer, xdotool)");

    server = await startTestServer({ smtp: false });
    // Ana makes the changes; each tray is a teammate's, so a change reaches one tray while the others rest.
    const [ana, ...people] = (await makeTeam(server, ["Ana", ...["Bob", "Cleo", "Dev", "Eli"].slice(0, variants.length)])) as [Teammate, ...Teammate[]];
    // A menu with something in it: blockers both ways, as a person at work has.
    const open = 5;
    for (const person of people) {
      for (let index = 0; index < open; index++) {
        await makeBlocker(ana, [person], { title: `Standing request ${index + 1}` });
        await makeBlocker(person, [ana], { title: `Standing wait ${index + 1}` });
      }
    }

    // Each tray signs in through the device grant: it prints the approval page, its person approves the code from
    // their browser, and the tray gets its token on its next poll (5 s).
    for (const [index, variant] of variants.entries()) {
      const env = { ...(variant.kind === "icon" ? desktop?.env : process.env), HOLDUP_URL: server.url, HOLDUP_TRAY_DIR: path.join(workDirectory, `tray-${index}`) };
      trays.push(startTray(variant, people[index] as Teammate, env));
    }
    for (const tray of trays) {
      await until(`${tray.variant.name}: its approval page`, tray, () => tray.opened.length > 0);
      const userCode = new URL(tray.opened[0] ?? "").searchParams.get("user_code") ?? "";
      const browser = tray.person.client.fromAnotherNetwork();
      if ((await browser.request(`/api/auth/device?user_code=${userCode}`)).status !== 200) throw new Error("the approval page did not open");
      const approved = await browser.post("/api/auth/device/approve", { userCode });
      if (approved.status !== 200) throw new Error(`the code was not approved: ${approved.text}`);
    }
    const loaded = (seen: string[]) => seen.includes("Live") && seen.includes(`Waiting on me (${open})`);
    for (const tray of trays) await until(`${tray.variant.name}: signed in, live, with its lists`, tray, () => loaded(latestTitles(tray)));

    const pids = trays.map((tray) => tray.child.pid ?? 0);
    const live = pids.map(treeMemory);

    // Changes: Ana logs a blocker waiting on each tray's person in turn, and once each tray shows it, resolves them in
    // turn. A tray gets a change at most every 350 ms — busier than any team — within a device's limit (600 requests
    // a minute, three per change), which back-to-back changes would exceed within seconds.
    const appeared: number[][] = trays.map(() => []);
    const disappeared: number[][] = trays.map(() => []);
    const lastChange = trays.map(() => 0);
    const requestsBeforeChanges = requests.count();
    const change = async (index: number, request: () => Promise<{ status: number; text: string; json: unknown }>, expected: number) => {
      await pause(Math.max(50, (lastChange[index] ?? 0) + 350 - performance.now()));
      const started = (lastChange[index] = performance.now());
      const answer = await request();
      if (answer.status !== expected) throw new Error(`the change failed: ${answer.status} ${answer.text}`);
      return { started, json: answer.json };
    };
    for (let sample = 0; sample < options.samples; sample++) {
      const title = `Change ${sample + 1}`;
      const shows = (seen: string[]) => seen.some((line) => line.startsWith(`${title} — `));
      const logged: string[] = [];
      for (const [index, tray] of trays.entries()) {
        const made = await change(index, () => ana.client.post("/api/blockers", { title, blockingProfileIds: [tray.person.profileId] }), 201);
        appeared[index]?.push((await menuAfter(tray, made.started, shows, `${tray.variant.name}: "${title}" in its menu`)) - made.started);
        logged.push((made.json as { id: string }).id);
      }
      for (const [index, tray] of trays.entries()) {
        const resolved = await change(index, () => ana.client.post(`/api/blockers/${logged[index]}/resolve`, {}), 200);
        disappeared[index]?.push((await menuAfter(tray, resolved.started, (seen) => !shows(seen) && seen.includes(`Waiting on me (${open})`), `${tray.variant.name}: "${title}" gone from its menu`)) - resolved.started);
      }
    }
    const requestsPerChange = (requests.count() - requestsBeforeChanges) / (options.samples * 2 * trays.length);

    // Settled: no menu drawn for a while. Then the idle window: nothing changes in the team.
    await until("the trays settled", undefined, () => trays.every((tray) => performance.now() - (tray.menus.at(-1)?.at ?? 0) > options.settleSeconds * 1000), 60_000);
    const ticksBefore = pids.map(treeTicks);
    const requestsBefore = requests.count();
    const idleStarted = performance.now();
    await pause(options.idleSeconds * 1000);
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleTicks = pids.map((pid, index) => treeTicks(pid) - (ticksBefore[index] ?? 0));
    const idleRequests = requests.count() - requestsBefore;
    const idle = pids.map(treeMemory);
    const idleMenus = trays.reduce((count, tray) => count + tray.menus.filter((entry) => entry.at >= idleStarted).length, 0);

    const results = trays.map((tray, index) => ({
      variant: tray.variant.name,
      kind: tray.variant.kind,
      live: live[index] ?? [],
      idle: idle[index] ?? [],
      idleCoreShare: (idleTicks[index] ?? 0) / 100 / idleSeconds,
      appeared: appeared[index] ?? [],
      disappeared: disappeared[index] ?? [],
    }));
    return { results, idleSeconds, idleRequests, idleMenus, requestsPerChange, skipped };
  } finally {
    requests.stop();
    for (const tray of trays) if (tray.child.exitCode === null) tray.child.kill("SIGTERM");
    await Promise.all(trays.map((tray) => tray.exited));
    desktop?.stop();
    await server?.stop();
    fs.rmSync(workDirectory, { recursive: true, force: true });
  }
}
