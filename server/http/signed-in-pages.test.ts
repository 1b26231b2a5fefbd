// The signed-in pages the server draws (issue #28), from the build (dist/web and dist/ssr, made by `npm run build`
// before the suites run): the session checked before anything is drawn, the page drawn with the person's own data in
// their own team and time zone, never kept by a cache, and never anything of another person's or team's.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, signUp, testClock, type Teammate } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const webDir = path.resolve("dist/web");
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, dave: Teammate;
let alicesBlocker: string, carolsBlocker: string;

beforeAll(async () => {
  if (!fs.existsSync(path.resolve("dist/ssr/render-app.js"))) throw new Error("The web app is not built: run `npm run build` first (npm test does).");
  server = await startTestServer({ smtp: false, webDir, clock: testClock() });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"], "Payments")) as [Teammate, Teammate];
  [carol, dave] = (await makeTeam(server, ["Carol", "Dave"], "Platform")) as [Teammate, Teammate];
  alicesBlocker = await makeBlocker(alice, [bob], { title: "Payments: the refunds API spec" });
  carolsBlocker = await makeBlocker(carol, [dave], { title: "Platform: staging database keys" });
});
afterAll(() => server?.stop());

/** The page as a browser asks for it: its cookies, no team header (a document request cannot send one). */
async function page(teammate: Teammate | undefined, pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathname}`, { headers: { ...(teammate ? { cookie: teammate.client.cookieHeader } : {}), "accept-language": "en-GB,en;q=0.8", ...headers }, redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** What the server drew inside #root, and the data block it wrote for the browser. */
function drawn(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="holdup-first">([\s\S]*?)<\/script>/.exec(html);
  if (!root) throw new Error(`No page drawn in:\n${html.slice(0, 2000)}`);
  return { root: root[1] ?? "", first: JSON.parse(root[2] ?? "") as { teamId: string; title: string; sidebarOpen: boolean; reader: { timeZone: string; locale: string }; user: Record<string, unknown> } };
}

describe("a signed-in page drawn on the server", () => {
  it("sends a visitor without a session to sign in at once, with where they were going", async () => {
    const response = await page(undefined, "/dashboard?view=team");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?from=%2Fdashboard%3Fview%3Dteam");
    expect((await page(undefined, `/blockers/${alicesBlocker}`)).headers.get("location")).toBe(`/login?from=${encodeURIComponent(`/blockers/${alicesBlocker}`)}`);
  });

  it("sends someone who has not finished onboarding there", async () => {
    const newcomer = server.client();
    await signUp(newcomer);
    const response = await fetch(`${server.url}/dashboard`, { headers: { cookie: newcomer.cookieHeader }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/onboarding");
  });

  it("draws the dashboard with the frame, the top bar's action and the person's cards, in their time zone, kept by no cache", async () => {
    const response = await page(bob, "/dashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toContain("Cookie");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const { root, first } = drawn(response.html);
    expect(root).toContain('data-testid="top-bar"');
    expect(root).toContain("Add a blocker");
    expect(root).toContain("Payments: the refunds API spec");
    expect(root).toContain("Payments");
    // Nothing in the drawn page runs: the policy allows only the document's own inline scripts, none of them new.
    expect(root).not.toContain("<script");
    // The data is there: the early requests that would fetch it are not.
    expect(response.html).not.toContain("/api/auth/get-session");
    expect(response.html).toContain("<title>Home · Holdup</title>");
    expect(first).toMatchObject({ title: "Home", reader: { timeZone: "Europe/Paris", locale: "en-GB" }, user: { email: bob.email } });
    expect(first.user).not.toHaveProperty("token");
  });

  it("draws the sidebar as it was left (its cookie), with nothing left for the browser to draw", async () => {
    const { html } = await page(bob, "/dashboard", { cookie: `${bob.client.cookieHeader}; sidebar_state=false` });
    const { root, first } = drawn(html);
    expect(first.sidebarOpen).toBe(false);
    expect(root).toContain('data-state="collapsed"');
    expect(root).not.toContain("<script");
    // A boundary the server could not finish is marked "<!--$!-->" and drawn again by the browser.
    expect(root).not.toContain("<!--$!");
  });

  it("draws a blocker's page, and another team's blocker as not found, with nothing of it in the page", async () => {
    const mine = await page(alice, `/blockers/${alicesBlocker}`);
    expect(mine.status).toBe(200);
    expect(drawn(mine.html).root).toContain("Payments: the refunds API spec");
    expect(mine.html).toContain("<title>Payments: the refunds API spec · Holdup</title>");
    const theirs = await page(alice, `/blockers/${carolsBlocker}`);
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain("staging database keys");
    expect((await page(alice, "/blockers/not-an-id")).status).toBe(404);
  });

  it("draws each person's own page, in turn, with nothing of the other's in it", async () => {
    for (const [teammate, own, other, strangers] of [
      [alice, "refunds API spec", "staging database keys", [carol, dave]],
      [carol, "staging database keys", "refunds API spec", [alice, bob]],
      [bob, "refunds API spec", "staging database keys", [carol, dave]],
      [dave, "staging database keys", "refunds API spec", [alice, bob]],
    ] as const) {
      expect(drawn((await page(teammate, "/dashboard")).html).root).toContain(own);
      for (const pathname of ["/dashboard", "/resolved", "/notifications"]) {
        const { html } = await page(teammate, pathname);
        const { first } = drawn(html);
        expect(first.user.email, pathname).toBe(teammate.email);
        expect(html, `${teammate.name}'s ${pathname}`).not.toContain(other);
        for (const stranger of strangers) expect(html, `${teammate.name}'s ${pathname}`).not.toContain(stranger.email);
      }
    }
  });

  it("draws the team the tab last acted in (its cookie), and the first team for a team one is not in", async () => {
    const otherTeam = drawn((await page(carol, "/dashboard")).html).first.teamId;
    const own = drawn((await page(alice, "/dashboard")).html).first.teamId;
    const foreign = await page(alice, "/dashboard", { cookie: `${alice.client.cookieHeader}; holdup.team=${otherTeam}` });
    expect(drawn(foreign.html).first.teamId).toBe(own);
    expect(foreign.html).not.toContain("staging database keys");
  });
});
