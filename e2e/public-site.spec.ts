// The public site as a visitor meets it: the landing page's sections and links, its demo, carousel and pricing,
// the layout on a phone, the theme, the pages without JavaScript, and the not-found page of the blog.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

const TEN_EXAMPLES = "/blog/ten-real-world-holdup-usage-examples";
const publicPages = [
  { name: "landing", path: "/" },
  { name: "blog", path: "/blog" },
  { name: "post", path: TEN_EXAMPLES },
  { name: "privacy", path: "/privacy" },
  { name: "support", path: "/support" },
];

const notFoundHeading = (page: Page) => page.getByRole("heading", { name: "Page not found" });

/** Opens a public page and waits until it is the visitor's: its heading shown and its script in charge. */
async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
}

/** Resolves once the page has run the tasks queued so far, React's render among them (its scheduler posts
 * messages, which the test's clock does not hold back): a check that nothing changed is then meaningful. */
async function rendered(page: Page) {
  for (let round = 0; round < 2; round++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

test.describe("links", () => {
  test("every link of the nav, the footer and the hero opens a page of ours, not the not-found page", async ({ page, baseURL }) => {
    test.slow(); // a dozen page loads
    await page.goto("/");
    const hrefs = await page.locator("header a[href], footer a[href], section[aria-labelledby='hero-title'] a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const origin = new URL(baseURL ?? "").origin;
    const ours = [...new Set(hrefs.map((href) => new URL(href)).filter((url) => url.origin === origin).map((url) => `${url.pathname}${url.search}${url.hash}`))];
    for (const wanted of ["/", "/login", "/signup", "/blog", "/#features", "/#how-it-works", "/#pricing", "/privacy", "/terms", "/refund-policy", TEN_EXAMPLES, "/support"]) {
      expect(ours, `a link to ${wanted}`).toContain(wanted);
    }

    for (const href of ours) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toContain("text/html");
      // The app's own pages (/login, /signup) share one document, so whether the address is known shows only once it runs.
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1 }), href).toBeVisible();
      await expect(notFoundHeading(page), href).toHaveCount(0);
    }
  });

  test("the Features and How it works links of another page open the landing page at their section", async ({ page }) => {
    for (const [link, heading] of [
      ["Features", "Key Features"],
      ["How it works", "How It Works"],
    ] as const) {
      await page.goto("/blog");
      const sectionHeading = page.getByRole("heading", { level: 2, name: heading });
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${link === "Features" ? "features" : "how-it-works"}$`));
      await expect(sectionHeading).toBeInViewport();
      // Not merely the top of a short page: the hero is scrolled away.
      await expect(page.getByRole("heading", { level: 1 })).not.toBeInViewport();
    }
  });
});

test.describe("landing page", () => {
  test("the badges' text fits inside them, with room to spare, in this machine's wide font", async ({ page }) => {
    for (const file of ["self-hosted.svg", "your-data.svg", "open-api.svg", "keyboard.svg"]) {
      await page.goto(`/badges/${file}`);
      const roomLeft = await page.evaluate(() => {
        const svg = document.querySelector("svg");
        if (!svg) return [];
        const width = svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll("text")].map((text) => width - (text.getBBox().x + text.getBBox().width));
      });
      expect(roomLeft, file).toHaveLength(2);
      for (const room of roomLeft) expect(room, file).toBeGreaterThan(6);
    }
  });

  test("draws the product behind the demo's overlay, and a press on it before the page's code has run is not lost", async ({ page }) => {
    // The page's code is held back until the visitor has pressed, as on a slow connection.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const overlay = page.getByRole("button", { name: /^Got a min to try\?/ });
    await expect(overlay).toBeVisible();
    // The dashboard behind it is drawn, readable (a picture: hidden from screen readers).
    await expect(page.getByText("API spec for payments v2")).toBeVisible();
    await overlay.click();
    release();
    await expect(page.getByRole("region", { name: "Holdup demo — made-up data, nothing is saved" })).toBeVisible();
    await expect(overlay).toBeHidden();
  });

  test("shows its sections in the specification's order, each named by its heading", async ({ page }) => {
    await page.goto("/");
    const inOrder = [
      page.getByRole("heading", { level: 1, name: "Stop losing days to “I was waiting on…”" }),
      page.getByRole("button", { name: /^Got a min to try\?/ }),
      page.getByRole("heading", { name: "What you can count on" }),
      page.getByRole("heading", { level: 2, name: "Who Benefits?", exact: true }),
      page.getByRole("heading", { level: 2, name: "Why Holdup", exact: true }),
      page.getByRole("heading", { level: 2, name: "How It Works", exact: true }),
      page.getByRole("heading", { level: 2, name: "Key Features", exact: true }),
      page.getByRole("heading", { level: 2, name: "FAQ", exact: true }),
      page.getByRole("heading", { level: 2, name: "Pricing", exact: true }),
      page.getByRole("heading", { name: "What is your team waiting on right now?" }),
    ];
    const tops: number[] = [];
    for (const element of inOrder) {
      await expect(element).toBeVisible();
      const box = await element.boundingBox();
      tops.push(box?.y ?? Number.NaN);
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(tops.length);
  });

  test("the demo starts behind its overlay and works in the browser alone, without calling the server", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await openPublicPage(page, "/");
    // The demo's code is loaded only when asked for.
    expect(requests.filter((path) => path.includes("interactive-demo"))).toEqual([]);
    // (Before it, the landing page asks once whether the visitor is signed in: that is the page's, not the demo's.)
    const requestsBeforeDemo = requests.length;

    const overlay = page.getByRole("button", { name: /^Got a min to try\?/ });
    await expect(overlay).toBeVisible();
    await overlay.click();
    await expect(overlay).toBeHidden();
    const demo = page.getByRole("region", { name: "Holdup demo — made-up data, nothing is saved" });
    await expect(demo).toBeVisible();
    await expect(demo.getByText("Hello Alex")).toBeVisible();

    const counter = (label: string) => demo.getByLabel("Your counters").locator("div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd");
    await expect(counter("Waiting on me")).toHaveText("2");
    await expect(counter("I'm waiting on")).toHaveText("2");

    // Add a blocker: it is listed under "I'm waiting on" and the counter goes up.
    const title = "Test plan for the checkout redesign";
    await demo.getByLabel("What are you waiting for?").fill(title);
    await demo.getByLabel("Who are you waiting on?").selectOption({ label: "Lee Chen (QA)" });
    await demo.getByRole("button", { name: "Add blocker", exact: true }).click();
    const imWaitingOn = demo.getByRole("region", { name: "I'm waiting on" });
    const added = imWaitingOn.getByRole("article", { name: title });
    await expect(added).toContainText("Waiting on Lee Chen");
    await expect(added).toContainText("Not nudged yet");
    await expect(counter("I'm waiting on")).toHaveText("3");
    await expect(demo.getByRole("status")).toHaveText(`Blocker added: ${title}. Lee Chen would be told right away.`);

    // Nudge it.
    await added.getByRole("button", { name: "Nudge Lee Chen" }).click();
    await expect(added).toContainText("Nudged just now · 1 nudge");
    await expect(demo.getByRole("status")).toHaveText("Nudged Lee Chen");

    // Mark one that waits on me done: it leaves the column, the counter goes down and it is listed as resolved.
    const waitingOnMe = demo.getByRole("region", { name: "Waiting on me" });
    await waitingOnMe.getByRole("button", { name: "Mark done: Review: onboarding copy" }).click();
    await expect(waitingOnMe.getByRole("article", { name: "Review: onboarding copy" })).toHaveCount(0);
    await expect(counter("Waiting on me")).toHaveText("1");
    await expect(demo.getByRole("region", { name: /^Resolved/ })).toContainText("Review: onboarding copy — Priya can carry on");

    const afterClick = requests.slice(requestsBeforeDemo);
    expect(afterClick.some((path) => path.includes("interactive-demo")), "the demo's code was loaded on the click").toBe(true);
    expect(afterClick.filter((path) => path.startsWith("/api")), "requests to the API").toEqual([]);
  });

  test("the features carousel advances every 5 s, cycles, ignores a second press within 300 ms and stays on a page while paused", async ({ page }) => {
    // Time flows while the page loads (it starts its script after the first paint, with timers), then moves only
    // when the test says so.
    await page.clock.install();
    await openPublicPage(page, "/");
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const slides = carousel.locator("[aria-live]");
    const current = carousel.locator('[data-carousel-page][data-current="true"]');
    // Time moves, then the page gets its chance to render what the timers did (so "still on page 1" means it).
    const runFor = async (ms: number) => {
      await page.clock.runFor(ms);
      await rendered(page);
    };
    const expectPage = async (index: number) => {
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("data-carousel-page", String(index));
      await expect(current).toHaveAttribute("aria-label", `${index + 1} of 2`);
    };

    // The carousel holds still while hovered (its slides then announce changes): proof that it is live. Then the
    // pointer leaves, and it rotates again, its 5 s counted from now.
    await carousel.hover();
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await page.mouse.move(0, 0);
    await expect(slides).toHaveAttribute("aria-live", "off");

    await expectPage(0);
    await runFor(4990);
    await expectPage(0);
    await runFor(10);
    await expectPage(1);
    await runFor(4990);
    await expectPage(1);
    await runFor(10);
    await expectPage(0);

    // A press within 300 ms of a move is ignored, not queued.
    await runFor(300);
    const next = carousel.getByRole("button", { name: "Next features" });
    await next.click();
    await expectPage(1);
    await next.click();
    await rendered(page);
    await expectPage(1);
    await runFor(300);
    await expectPage(1);
    await next.click();
    await expectPage(0);

    // Paused, it stays put even with the pointer and focus elsewhere.
    await runFor(300);
    await carousel.getByRole("button", { name: "Pause the carousel" }).click();
    const outside = page.getByRole("heading", { name: "Key Features", exact: true });
    await outside.click();
    await expect(carousel.getByRole("button", { name: "Play the carousel" })).toBeVisible();
    await runFor(10_000);
    await expectPage(0);
    // Played again, it moves on: the pause, not the pointer or focus, held it.
    await carousel.getByRole("button", { name: "Play the carousel" }).click();
    await outside.click();
    await expect(slides).toHaveAttribute("aria-live", "off");
    await runFor(5000);
    await expectPage(1);
  });

  test("the pricing buttons open sign-up, and Plus is remembered as the chosen plan", async ({ page }) => {
    const chosenPlan = () => page.evaluate(() => localStorage.getItem("holdup.chosen-plan"));
    const signupHeading = page.getByRole("heading", { name: "Create your Holdup account" });
    await page.goto("/#pricing");
    const pricing = page.locator("#pricing");
    await pricing.getByRole("link", { name: "Start for free" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(signupHeading).toBeVisible();
    expect(await chosenPlan()).toBeNull();

    await page.goBack();
    await pricing.getByRole("link", { name: "Get Plus" }).click();
    await expect(page).toHaveURL(/\/signup\?plan=plus$/);
    await expect(signupHeading).toBeVisible();
    await expect.poll(chosenPlan).toBe("plus");
    // Kept when sign-up is opened again without the plan in the address.
    await page.goto("/signup");
    await expect(signupHeading).toBeVisible();
    expect(await chosenPlan()).toBe("plus");
  });

  test("the comparison is a table from 768 px and a stacked list on a phone", async ({ page }) => {
    const table = page.getByTestId("comparison-table");
    const stacked = page.getByTestId("comparison-stacked");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await expect(stacked).toBeVisible();
    await expect(table).toBeHidden();
    await expect(stacked.locator(":scope > li")).toHaveCount(6);
    await expect(stacked.locator(":scope > li").first()).toContainText("Track delays without a ticket");

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(table).toBeVisible();
    await expect(stacked).toBeHidden();
    await expect(table.getByRole("table").locator("tbody tr")).toHaveCount(6);
  });

  test("a signed-in visitor of / goes to the dashboard without seeing the landing page", async ({ page, teammate }) => {
    const response = await page.request.get("/", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("team-card")).toContainText(teammate.teamName);
  });
});

test.describe("every page", () => {
  test("no page scrolls sideways on a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const { path } of publicPages) {
      await openPublicPage(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });

  test("the theme switch cycles system → light → dark, survives a reload and sets the page's dark class", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await openPublicPage(page, "/");
    const html = page.locator("html");
    const toggle = page.getByRole("banner").getByRole("button", { name: /^Theme:/ });
    await expect(toggle).toHaveAttribute("data-theme-choice", "system");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await toggle.click();
    await expect(toggle).toHaveAttribute("data-theme-choice", "light");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await toggle.click();
    await expect(toggle).toHaveAttribute("data-theme-choice", "dark");
    await expect(html).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute("data-theme-choice", "dark");
    // Another public page, another document: the same choice.
    await openPublicPage(page, "/blog");
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute("data-theme-choice", "dark");

    await toggle.click();
    await expect(toggle).toHaveAttribute("data-theme-choice", "system");
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("the pages' content and head are there without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Stop losing days to “I was waiting on…”" })).toBeVisible();
    const pricing = page.locator("#pricing");
    await expect(pricing.getByRole("heading", { name: "Pricing" })).toBeVisible();
    await expect(pricing.getByText("Start free, upgrade when the team grows")).toBeVisible();
    await expect(pricing.getByRole("link", { name: "Get Plus" })).toHaveAttribute("href", "/signup?plan=plus");
    await expect(page).toHaveTitle("Holdup");
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /^Holdup tracks who is waiting on whom at work\./);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", "Holdup");

    await page.goto(TEN_EXAMPLES);
    await expect(page.getByRole("heading", { level: 1, name: "Ten real-world Holdup usage examples" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "1. Waiting on a code review" })).toBeVisible();
    await expect(page).toHaveTitle("Ten real-world Holdup usage examples · Holdup");
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /^Ten concrete situations where someone waits/);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", "Ten real-world Holdup usage examples");
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
    // The server puts its own address into the page's absolute URLs.
    await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${TEN_EXAMPLES}`);
    await context.close();
  });

  test("an unknown blog post answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/blog/nope");
    expect(response?.status()).toBe(404);
    await expect(notFoundHeading(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Holdup" })).toHaveAttribute("href", "/");
  });

  test("on a phone the menu button opens the section links, and Escape closes them", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openPublicPage(page, "/");
    const openButton = page.getByRole("button", { name: "Open menu" });
    const sectionLinks = page.getByRole("banner").getByRole("link", { name: "Features", exact: true });
    await expect(sectionLinks).toBeHidden();
    await openButton.click();
    const closeButton = page.getByRole("button", { name: "Close menu" });
    await expect(closeButton).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`[id="${await closeButton.getAttribute("aria-controls")}"]`);
    for (const name of ["Features", "How it works", "Pricing", "Blog", "Login"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openButton).toHaveAttribute("aria-expanded", "false");
  });
});

for (const width of [1280, 375]) {
  test(`full-page screenshots of the public pages at ${width} px`, async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    for (const { name, path } of publicPages) {
      await openPublicPage(page, path);
      const file = testInfo.outputPath(`${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
    }
  });
}
