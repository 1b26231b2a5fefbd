// The web app as the server delivers it: pre-rendered public pages (with this install's address), the app's
// page for everything else, real 404s for unknown posts, compressed assets, and signed-in visitors of / sent on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN_PLACEHOLDER } from "../../common/site-origin.ts";
import { onboard, signUp } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-web-"));
const write = (file: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
  fs.writeFileSync(path.join(webDir, file), content);
};
const script = "console.log('the site');".repeat(100);

let server: TestServer;
beforeAll(async () => {
  write("index.html", "<html><body>the app</body></html>");
  write("pages/index.html", `<html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/"></head><body>the landing page</body></html>`);
  write("pages/blog.html", "<html><body>the blog</body></html>");
  write("pages/blog/first-post.html", "<html><body>the first post</body></html>");
  write("pages/404.html", "<html><body>Page not found</body></html>");
  write("pages/robots.txt", `Sitemap: ${ORIGIN_PLACEHOLDER}/sitemap.xml\n`);
  write("assets/site-abc.js", script);
  write("assets/site-abc.js.br", zlib.brotliCompressSync(script));
  server = await startTestServer({ smtp: false, webDir });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });

describe("the web app", () => {
  it("serves a pre-rendered page at its address, with this install's origin in its absolute URLs", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("the landing page");
    expect(html).toContain(`href="${server.config.appUrl}/"`);
    expect(html).not.toContain(ORIGIN_PLACEHOLDER);
    expect(await (await get("/blog/first-post")).text()).toContain("the first post");
    expect(await (await get("/robots.txt")).text()).toBe(`Sitemap: ${server.config.appUrl}/sitemap.xml\n`);
  });

  it("sends pages compressed to a browser that accepts it", async () => {
    const response = await fetch(`${server.url}/blog`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain("the blog"); // fetch decompresses: the body is intact
    const asset = await get("/assets/site-abc.js", { "accept-encoding": "br" });
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  it("answers an unknown blog post with the not-found page and status 404", async () => {
    const response = await get("/blog/no-such-post");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("redirects /blog/ to /blog, keeping the query", async () => {
    const response = await get("/blog/?ref=newsletter");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/blog?ref=newsletter");
  });

  it("gives every other address the app, whose router decides; a missing asset is a 404", async () => {
    expect(await (await get("/settings/personal")).text()).toContain("the app");
    expect(await (await get("/somewhere/else")).text()).toContain("the app");
    // A page the server draws (decision 053) sends a visitor without a session to sign in first.
    const dashboard = await get("/dashboard");
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toBe("/login?from=%2Fdashboard");
    expect((await get("/assets/gone-123.js")).status).toBe(404);
  });

  it("sends a signed-in visitor of / to the dashboard before any page, and a forged cookie gets the landing page", async () => {
    const person = server.client();
    await signUp(person);
    await onboard(person);
    const signedIn = await person.fetch(`${server.url}/`);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/dashboard");

    const forged = await get("/", { cookie: "better-auth.session_token=forged.value" });
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain("the landing page");
  });
});
