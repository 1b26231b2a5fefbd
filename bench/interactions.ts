// What a person waits for in the browser (issue #27): `c` → quick capture shown with its title in focus; Ctrl+K → the
// command palette, its first opening on a page; a row's Done → the row gone from the column (drawn before the server
// answers). Chromium on the built web app, served by a real server in this process (PGlite), signed in as a teammate.
// Each figure is measured in the page: from the key's or the click's event to the first frame drawn once the screen
// shows the change — what the person sees, not when a request ends.
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { findChromium } from "../e2e/chromium-path.ts";
import { makeBlocker, makeTeam } from "../server/test/factories.ts";
import { startTestServer } from "../server/test/test-server.ts";

export type InteractionsResult = { quickCapture: number[]; paletteFirstOpen: number[]; rowDone: number[] };

type Ready = { kind: "quick-capture" } | { kind: "palette" } | { kind: "row-gone"; title: string };

/**
 * Starts watching for `event` (the next one, in the capture phase) and for the screen to be `ready`; the figure is read
 * with `measured` after the key is pressed or the row clicked. Polled each frame: a figure is precise to a frame.
 */
async function watch(page: Page, event: "keydown" | "click", ready: Ready) {
  // The page's script as text: a function passed to page.evaluate would carry the helpers tsx adds to named functions.
  await page.evaluate(`(${WATCH_IN_PAGE})(${JSON.stringify({ event, ready })})`);
}

const WATCH_IN_PAGE = `({ event, ready }) => {
  const found = () => {
    if (ready.kind === "quick-capture") {
      const dialog = document.querySelector('[data-testid="quick-capture"]');
      return dialog !== null && dialog.contains(document.activeElement) && document.activeElement.tagName === "INPUT";
    }
    if (ready.kind === "palette") return document.activeElement !== null && document.activeElement.hasAttribute("cmdk-input");
    return ![...document.querySelectorAll('[data-testid="waiting-on-me-list"] article h3')].some((heading) => heading.textContent === ready.title);
  };
  window.measured = new Promise((resolve, reject) => {
    let started;
    document.addEventListener(event, (happened) => { if (started === undefined) started = happened.timeStamp; }, { capture: true, once: true });
    const deadline = performance.now() + 10000;
    const frame = () => {
      if (started !== undefined && found()) return requestAnimationFrame(() => resolve(performance.now() - started));
      if (performance.now() > deadline) return reject(new Error(ready.kind + ": not shown within 10 s"));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}`;
const measured = (page: Page) => page.evaluate("window.measured") as Promise<number>;

/** The dashboard, loaded and idle: its lists drawn and the code loaded while idle (the palette, quick capture) in. */
async function openDashboard(page: Page, origin: string) {
  await page.goto(`${origin}/dashboard`, { waitUntil: "networkidle" });
  await page.getByTestId("waiting-on-me-list").getByRole("article").first().waitFor();
}

export async function benchInteractions({ rounds }: { rounds: number }): Promise<InteractionsResult> {
  const server = await startTestServer({ smtp: false, webDir: path.resolve("dist/web") });
  const browser = await chromium.launch({ executablePath: findChromium() });
  try {
    const [riley, sam] = await makeTeam(server, ["Riley", "Sam"], "Checkout Squad");
    if (!riley || !sam) throw new Error("the team was not made");
    const titles = Array.from({ length: rounds }, (_, index) => `Review pull request #${index + 1}`);
    for (const title of titles) await makeBlocker(sam, [riley], { title });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const cookies = riley.client.cookieHeader.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: server.url }));
    await context.addCookies(cookies);
    const page = await context.newPage();
    const result: InteractionsResult = { quickCapture: [], paletteFirstOpen: [], rowDone: [] };
    for (const title of titles) {
      await openDashboard(page, server.url);
      await watch(page, "keydown", { kind: "palette" });
      await page.keyboard.press("Control+k");
      result.paletteFirstOpen.push(await measured(page));
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      await watch(page, "keydown", { kind: "quick-capture" });
      await page.keyboard.press("c");
      result.quickCapture.push(await measured(page));
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      const row = page.getByTestId("waiting-on-me-list").getByRole("article", { name: title, exact: true });
      await row.hover();
      await watch(page, "click", { kind: "row-gone", title });
      await row.getByRole("button", { name: `Mark done: ${title}` }).click();
      result.rowDone.push(await measured(page));
    }
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}
