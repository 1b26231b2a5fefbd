// `npm run bench:web`: Lighthouse (mobile profile: emulated phone, simulated slow 4G and a slower CPU) on the built
// app served by `npm start`, for the landing page and a blog post, then, signed in as someone who really signed up
// (confirmed e-mail, onboarding, a teammate, blockers), for the four pages the server draws and a repeat visit; plus the JavaScript
// each page loads, gzipped, and the layout shift. Exits non-zero when a budget is missed. Options: --runs N
// (Lighthouse runs per page, median kept; default 5); --smoke (`npm run bench -- --smoke` runs it so: one run of the
// landing page and one of the dashboard, the host measured once; it judges no figure, decision 046); --write-docs (a
// full run: its tables into docs/benchmarks.md). Reports (HTML and JSON) are kept in test-results/lighthouse/.
//
// The CPU slowdown is calibrated before every run, as Lighthouse's throttling guide advises: the host's speed
// (Lighthouse's own BenchmarkIndex, measured in the same Chromium) divided by the speed of the phone we simulate.
// Lighthouse's fixed 4× assumes a high-end desktop (index ~2,000); this shared machine measures 2,100–2,450 when
// quiet and half that when its neighbours are busy, which alone moved the landing page's score by 5 points.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { findChromium } from "../e2e/chromium-path.ts";
import { BrowserLikeClient } from "../server/test/browser-like-client.ts";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { makeBlocker, makeTeam } from "../server/test/factories.ts";
import { startMailCatcher } from "../server/test/mail-catcher.ts";
import type { TestServer } from "../server/test/test-server.ts";
import { buildWhatNpmStartRuns, freePort, median, processTree, spawn } from "./measure.ts";
import { describeMachine, RunReport, type ReportSection } from "./run-report.ts";
import { runKindOf, Verdict } from "./verdict.ts";

const { values } = parseArgs({ options: { runs: { type: "string" }, smoke: { type: "boolean", default: false }, "write-docs": { type: "boolean", default: false } } });
const kind = runKindOf(values);
if (values["write-docs"] && kind !== "full") {
  console.error("--write-docs writes a full run's figures; a smoke run's are not written into docs/benchmarks.md.");
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs ?? (kind === "smoke" ? 1 : 5)));
/** The host's speed is measured this many times before each audit, the median kept (a smoke run: once). */
const hostSamples = kind === "smoke" ? 1 : 3;

const budgets = { score: 95, cumulativeLayoutShift: 0.05 };
/** The BenchmarkIndex of the phone we simulate: Lighthouse's default 4× slowdown of a high-end desktop (2,000). */
const simulatedPhoneIndex = 2000 / 4;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];

/**
 * The pages, and what each is held to. Public pages: every category, and every script the page loads. Signed-in
 * pages: no SEO (they are not for search engines), the LCP, and the JavaScript loaded before the page is
 * interactive — the scripts requested before its largest paint (the route's code all loads before the page first
 * renders; what is requested later, on idle or on use, is not needed to show and use the page).
 */
type PageToAudit = { path: string; name: string; signedIn: boolean; categories: readonly Category[]; javaScriptGzipBytes?: number; lcpMs?: number; tbtMs?: number; repeatVisit?: boolean };
const publicPages: PageToAudit[] = [
  { path: "/", name: "landing", signedIn: false, categories, javaScriptGzipBytes: 120 * 1000 },
  { path: "/blog/ten-real-world-holdup-usage-examples", name: "post", signedIn: false, categories },
];
/**
 * Issue #28's targets: the pages the server draws paint by LCP 2 s, block the main thread at most 200 ms and need at
 * most 150 kB of JavaScript before the app has taken them over (requested before the `holdup-hydrated` mark); a
 * repeat visit, with what the browser kept (its cache and the service worker), paints by 1 s.
 */
const drawnPage = (pagePath: string, name: string): PageToAudit => ({ path: pagePath, name, signedIn: true, categories: ["performance", "accessibility", "best-practices"], javaScriptGzipBytes: 150 * 1000, lcpMs: 2000, tbtMs: 200 });
const signedInPages = (blockerId: string): PageToAudit[] => [
  drawnPage("/dashboard", "dashboard"),
  drawnPage(`/blockers/${blockerId}`, "blocker"),
  drawnPage("/resolved", "resolved"),
  drawnPage("/notifications", "notifications"),
];
const repeatVisits = (blockerId: string): PageToAudit[] => [
  { path: "/dashboard", name: "dashboard-again", signedIn: true, categories: ["performance"], lcpMs: 1000, repeatVisit: true },
  { path: `/blockers/${blockerId}`, name: "blocker-again", signedIn: true, categories: ["performance"], lcpMs: 1000, repeatVisit: true },
];
const reportDir = path.resolve("test-results/lighthouse");
const webDir = path.resolve("dist/web");

type Run = { scores: Partial<Record<Category, number>>; cls: number; lcpMs: number; tbtMs: number; scripts: string[]; scriptsBeforeLcp: string[]; scriptsBeforeHydrated: string[] | undefined; hostIndex: number; cpuSlowdown: number };

/** The host's BenchmarkIndex right now, measured by Lighthouse's own function in a tab of the audit's Chromium
 * (median of `hostSamples`, each ~1 s). */
async function hostBenchmarkIndex(port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
    const indexes: number[] = [];
    for (let i = 0; i < hostSamples; i++) indexes.push(Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)));
    await page.close();
    return median(indexes);
  } finally {
    await browser.close(); // over CDP this disconnects; Chromium stays up for Lighthouse
  }
}

async function startHoldup() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-web-"));
  await copyPgliteTemplate(dataDir);
  // Holdup sends its e-mail (the sign-up's confirmation, the invitation) to an SMTP server in this process.
  const mail = await startMailCatcher();
  // `npm start` exactly as a person runs it (built first, in a process of its own, when the build was stale).
  const child = spawn("npm", ["start", "--silent"], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: mail.url, LOG_LEVEL: "warn" }, stdio: "inherit" });
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  for (;;) {
    if (await fetch(`${origin}/api/health`).then((response) => response.ok, () => false)) break;
    if (performance.now() - started > 180_000) throw new Error("npm start did not answer within 180 s");
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling interval, not a wait for an outcome
  }
  return {
    origin,
    mail,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      for (const pid of processTree(child.pid ?? 0).reverse()) process.kill(pid, "SIGTERM");
      await exited;
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Someone who signed up as people do, over the web app's HTTP API (sign-up, the confirmation link from the e-mail,
 * onboarding with a new team), a teammate they invited (who joins through the invitation's e-mail), and blockers
 * both ways. Returns the first person's cookies and a blocker waiting on them.
 */
async function signedInTeam(holdup: Awaited<ReturnType<typeof startHoldup>>) {
  // The test factories ask a server only for a client, its mail and whether it asks for a confirmed e-mail;
  // `npm start` runs in its own process here, so that is all there is of it.
  const server = { url: holdup.origin, mail: holdup.mail, config: { requireEmailVerification: true, smtpUrl: holdup.mail.url }, client: () => new BrowserLikeClient(holdup.origin) } as TestServer;
  const [me, teammate] = await makeTeam(server, ["Riley", "Sam"], "Checkout Squad");
  if (!me || !teammate) throw new Error("the team was not made");
  await makeBlocker(me, [teammate], { title: "API spec for the payments service", priority: "high" });
  await makeBlocker(me, [teammate], { title: "Access to the staging database" });
  await makeBlocker(me, [teammate], { title: "Review of the pricing page copy", priority: "low" });
  await makeBlocker(teammate, [me], { title: "Sign-off on the Q3 roadmap", priority: "urgent" });
  await makeBlocker(teammate, [me], { title: "Answers to the security questionnaire" });
  const blockerId = await makeBlocker(teammate, [me], { title: "Design review of the new checkout flow", priority: "high" });
  return { cookieHeader: me.client.cookieHeader, blockerId };
}

/** Puts the signed-in person's cookies in the audit's Chromium (Lighthouse resets storage, never cookies): the
 * pages load as in their browser, and the cookies the server renews are kept as a browser keeps them. */
async function setCookies(port: number, origin: string, cookieHeader: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = cookieHeader.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin, httpOnly: true, sameSite: "Lax" as const }));
    await (browser.contexts()[0] ?? (await browser.newContext())).addCookies(cookies);
  } finally {
    await browser.close();
  }
}

/** The gzip -9 size of a file of the build, by its URL path: the budget is in gzipped bytes, whatever the server sent. */
const gzippedSize = (urlPath: string) => zlib.gzipSync(fs.readFileSync(path.join(webDir, urlPath)), { level: 9 }).length;

/** One Lighthouse run. Chromium sometimes loses the trace (NO_NAVSTART, "run Lighthouse again"): such a run is
 * repeated, up to twice; a page that fails three times fails the bench. */
async function lighthouseRun(url: string, port: number, cpuSlowdownMultiplier: number, onlyCategories: readonly Category[], keepStorage = false) {
  for (let attempt = 1; ; attempt++) {
    // keepStorage: a repeat visit, with the cache and the service worker of the visit before.
    const flags = { port, output: ["html", "json"] as ("html" | "json")[], logLevel: "error" as const, onlyCategories: [...onlyCategories], throttling: { cpuSlowdownMultiplier }, disableStorageReset: keepStorage };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    console.error(`(Lighthouse: ${result.lhr.runtimeError.code} on ${url}; running again)`);
  }
}

async function audit(url: string, port: number, name: string, onlyCategories: readonly Category[], keepStorage = false): Promise<Run> {
  const hostIndex = await hostBenchmarkIndex(port);
  const cpuSlowdown = Math.max(1, Math.round((hostIndex / simulatedPhoneIndex) * 10) / 10);
  const { lhr, report } = await lighthouseRun(url, port, cpuSlowdown, onlyCategories, keepStorage);
  if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdown) throw new Error("Lighthouse ignored the calibrated CPU slowdown");
  const [html, json] = report as string[];
  fs.writeFileSync(path.join(reportDir, `${name}.html`), html ?? "");
  fs.writeFileSync(path.join(reportDir, `${name}.json`), json ?? "");
  // A page that sent the browser elsewhere (a lost session lands on /login) would measure the wrong page.
  const shown = new URL(lhr.finalDisplayedUrl);
  if (shown.pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${shown.pathname}: the audit did not measure the page it was meant to`);
  const scores = Object.fromEntries(onlyCategories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Run["scores"];
  const network = lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; networkRequestTime?: number }[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaintTs?: number }[] } | undefined)?.items?.[0];
  const origin = new URL(url).origin;
  const scriptRequests = (network?.items ?? []).filter((request) => request.resourceType === "Script" && request.url.startsWith(origin));
  // Request times are in ms from the first request; the largest paint is a trace timestamp in µs.
  const lcpAfterStartMs = ((metrics?.observedLargestContentfulPaintTs ?? Number.NaN) - (network?.debugData?.networkStartTimeTs ?? Number.NaN)) / 1000;
  if (!Number.isFinite(lcpAfterStartMs)) throw new Error(`${url}: Lighthouse reported no largest paint to count the scripts before`);
  const pathOf = (request: { url: string }) => new URL(request.url).pathname;
  // When the app took a page the server drew over (web/app/first-render.tsx marks it), in ms from the navigation.
  const timings = (lhr.audits["user-timings"]?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? [];
  const hydratedMs = timings.find((timing) => timing.name === "holdup-hydrated")?.startTime;
  return {
    scores,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    scripts: scriptRequests.map(pathOf),
    scriptsBeforeLcp: scriptRequests.filter((request) => (request.networkRequestTime ?? Number.POSITIVE_INFINITY) < lcpAfterStartMs).map(pathOf),
    scriptsBeforeHydrated: hydratedMs === undefined ? undefined : scriptRequests.filter((request) => (request.networkRequestTime ?? Number.POSITIVE_INFINITY) < hydratedMs).map(pathOf),
    hostIndex,
    cpuSlowdown,
  };
}

/** The table of a page's scripts, gzipped; returns the total. */
function printScripts(out: ReportSection, title: string, scripts: string[]) {
  const sizes = scripts.map((script) => ({ script, bytes: gzippedSize(script) })).sort((a, b) => b.bytes - a.bytes);
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  out.line();
  out.line(`${title}:`);
  out.line();
  const row = out.table(["file", "gzipped (kB)"]);
  for (const { script, bytes } of sizes) row(script.replace(/-[\w-]{8}\.js$/, ".js"), (bytes / 1000).toFixed(1));
  row(`**total (${sizes.length} files)**`, `**${(total / 1000).toFixed(1)}** (${(total / 1024).toFixed(1)} KiB)`);
  return total;
}

const verdict = new Verdict(kind);
const runReport = new RunReport(verdict);
const out = runReport.section("web");
/**
 * Issue #9's targets for the signed-in pages (performance, LCP, layout shift, JavaScript before the largest paint),
 * while the issue is open: reported at the end, not failing the run, as bench/run.ts does with the server's. Their
 * accessibility and best practices fail the run already. Once met, a target moves to `failing`.
 */
const missed = (page: PageToAudit, text: string) => verdict.miss(text, page.signedIn ? "open" : "failing");
/**
 * A public page's performance score within PERFORMANCE_NOISE points of the budget is a near miss, printed, not a
 * failure: on this shared two-core machine the same unchanged landing page has scored 91 (runs 87–94) and 97 in
 * runs an hour apart, its JavaScript byte for byte the same (decision 036). Under that, the run fails. Every other
 * category, the JavaScript budget and layout shift hold exactly.
 */
const PERFORMANCE_NOISE = 5;
/** A smoke run audits one page of each kind: that every step of the audit works, not what each page scores. */
const pagesOfThisRun = (pages: PageToAudit[]) => (kind === "smoke" ? pages.slice(0, 1) : pages);
const machine = await describeMachine(undefined);
console.log(`Holdup in Lighthouse — ${new Date().toISOString()} — ${machine} — ${kind} run, ${runs} run${runs > 1 ? "s" : ""} per page`);
fs.mkdirSync(reportDir, { recursive: true });
buildWhatNpmStartRuns();
const holdup = await startHoldup();
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  out.title(`Lighthouse, mobile profile, CPU slowdown calibrated to a phone of BenchmarkIndex ${simulatedPhoneIndex} (median of ${runs} runs per page; Chromium ${findChromium()})`);
  const row = out.table(["page", "performance", "accessibility", "best practices", "SEO", "LCP (ms)", "TBT (ms)", "CLS", "runs (performance)", "host index → CPU slowdown"]);
  const scriptTables: { page: PageToAudit; scripts: string[]; allScripts: string[] }[] = [];
  const auditPages = async (pages: PageToAudit[]) => {
    for (const page of pagesOfThisRun(pages)) {
      const results: Run[] = [];
      // A repeat visit: one visit first, unmeasured, for the browser to keep what it keeps.
      if (page.repeatVisit) await audit(`${holdup.origin}${page.path}`, chrome.port, `${page.name}-first`, page.categories);
      for (let run = 0; run < runs; run++) results.push(await audit(`${holdup.origin}${page.path}`, chrome.port, `${page.name}-${run + 1}`, page.categories, page.repeatVisit));
      const scoreOf = (category: Category) => median(results.map((result) => result.scores[category] ?? Number.NaN));
      const cls = median(results.map((result) => result.cls));
      const lcpMs = median(results.map((result) => result.lcpMs));
      const label = page.signedIn ? page.path.replace(/[^/]+$/, (last) => (/^[\da-f-]{36}$/.test(last) ? "{id}" : last)) + " (signed in)" : page.path;
      row(
        label,
        ...categories.map((category) => (page.categories.includes(category) ? scoreOf(category) : "–")),
        Math.round(lcpMs),
        Math.round(median(results.map((r) => r.tbtMs))),
        cls.toFixed(3),
        results.map((r) => r.scores.performance).join(", "),
        results.map((r) => `${Math.round(r.hostIndex)} → ${r.cpuSlowdown}×`).join(", "),
      );
      for (const category of page.categories) {
        if (!verdict.figure(scoreOf(category), `${page.path}: its ${category} score`) || scoreOf(category) >= budgets.score) continue;
        const text = `${page.path}: ${category} ${scoreOf(category)} < ${budgets.score}`;
        if (category === "performance" && !page.signedIn && scoreOf(category) >= budgets.score - PERFORMANCE_NOISE) verdict.miss(text, "near");
        else if (category === "performance") missed(page, text);
        else verdict.miss(text);
      }
      if (verdict.figure(cls, `${page.path}: its layout shift`) && cls > budgets.cumulativeLayoutShift) missed(page, `${page.path}: CLS ${cls} > ${budgets.cumulativeLayoutShift}`);
      if (page.lcpMs !== undefined && verdict.figure(lcpMs, `${page.path}: its largest paint`) && lcpMs > page.lcpMs) missed(page, `${page.path}${page.repeatVisit ? " (again)" : ""}: LCP ${Math.round(lcpMs)} ms > ${page.lcpMs} ms`);
      const tbtMs = median(results.map((result) => result.tbtMs));
      if (page.tbtMs !== undefined && verdict.figure(tbtMs, `${page.path}: its blocking time`) && tbtMs > page.tbtMs) missed(page, `${page.path}: TBT ${Math.round(tbtMs)} ms > ${page.tbtMs} ms`);
      // Public pages count every script they load; signed-in pages those requested before their largest paint.
      const union = (lists: string[][]) => [...new Set(lists.flat())];
      // A page the server drew: what it asked for before the app took it over (its largest paint needs none).
      const needed = (result: Run) => (page.signedIn ? (result.scriptsBeforeHydrated ?? result.scriptsBeforeLcp) : result.scripts);
      if (page.javaScriptGzipBytes !== undefined) scriptTables.push({ page, scripts: union(results.map(needed)), allScripts: union(results.map((result) => result.scripts)) });
    }
  };
  await auditPages(publicPages);
  const { cookieHeader, blockerId } = await signedInTeam(holdup);
  await setCookies(chrome.port, holdup.origin, cookieHeader);
  await auditPages(signedInPages(blockerId));
  await auditPages(repeatVisits(blockerId));

  for (const { page, scripts, allScripts } of scriptTables) {
    const budget = page.javaScriptGzipBytes ?? 0;
    const title = page.signedIn
      ? `JavaScript loaded by ${page.path} before the app took the page over (gzip -9 of each file, every run's files; budget ${budget / 1000} kB)`
      : `JavaScript loaded by ${page.path} (gzip -9 of each file; budget ${budget / 1000} kB)`;
    // Lighthouse saw no script: the measurement is broken, whatever the total says.
    if (!verdict.counted(scripts.length, `the scripts Lighthouse saw ${page.path} load`)) continue;
    const total = printScripts(out, title, scripts);
    if (page.signedIn) {
      const later = allScripts.filter((script) => !scripts.includes(script));
      const laterBytes = later.reduce((sum, script) => sum + gzippedSize(script), 0);
      out.line();
      out.line(`Loaded after, while Lighthouse waited for the page to settle (on idle, on use, the service worker's list): ${later.length} files, ${(laterBytes / 1000).toFixed(1)} kB.`);
    }
    if (total > budget) missed(page, `${page.path} loads ${(total / 1000).toFixed(1)} kB of JavaScript gzipped > ${budget / 1000} kB`);
  }
} finally {
  await chrome.kill();
  await holdup.stop();
}

if (values["write-docs"]) runReport.writeInto(path.resolve("docs/benchmarks.md"), `${new Date().toISOString().slice(0, 10)}, ${machine} (\`npm run bench:web -- ${process.argv.slice(2).join(" ")}\`):`, () => true);
if (!verdict.conclude()) process.exit(1);
