// Serves the built web app: the public site's pre-rendered pages (dist/web/pages), hashed assets with a long
// cache and compressed copies made at build time, and the signed-in app's index.html for every other path
// (its router decides what to show, including the not-found page).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { paths } from "../../common/paths.ts";
import { PRODUCT_ANALYTICS_META, PRODUCT_ANALYTICS_PLACEHOLDER } from "../../common/product-analytics.ts";
import { ORIGIN_PLACEHOLDER } from "../../common/site-origin.ts";
import type { SessionReader } from "../auth/session-reader.ts";
import type { ProductAnalyticsConfig } from "../config.ts";
import { chosenEncoding, type Encoding } from "./compression.ts";
import { CONTENT_SECURITY_POLICY, documentPolicy } from "./security-headers.ts";
import { builtRenderer, signedInPages, type SignedInPagesDependencies } from "./signed-in-pages.ts";


/** A page's text, its Content-Security-Policy (allowing its own inline scripts by hash, worked out from the text
 * served) and its compressed copies, made on the first request that wants each (not at start-up: brotli at its
 * best quality takes ~35 ms a page, ~0.4 s for the whole site). */
type Prepared = { body: string; policy: string; compressed: { br?: Buffer; gzip?: Buffer } };
type PreparedPages = { pages: Map<string, Prepared>; notFound: Prepared | undefined };

const prepare = (body: string, policy: { connectTo?: string } = {}): Prepared => ({ body, policy: documentPolicy(body, policy), compressed: {} });

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[character] ?? character);

/** The app's page, telling the web app PostHog's key and host when product analytics is configured (decision 038). */
function appShellOf(html: string, analytics: ProductAnalyticsConfig | undefined): Prepared {
  if (!analytics) return prepare(html.replace(PRODUCT_ANALYTICS_PLACEHOLDER, ""));
  const tags = `<meta name="${PRODUCT_ANALYTICS_META.key}" content="${escapeAttribute(analytics.key)}"><meta name="${PRODUCT_ANALYTICS_META.host}" content="${escapeAttribute(analytics.host)}">`;
  return prepare(html.replace(PRODUCT_ANALYTICS_PLACEHOLDER, tags), { connectTo: analytics.host });
}

function compressed(prepared: Prepared, encoding: Encoding): Uint8Array<ArrayBuffer> {
  prepared.compressed[encoding] ??=
    encoding === "br"
      ? zlib.brotliCompressSync(prepared.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
      : zlib.gzipSync(prepared.body, { level: 9 });
  return new Uint8Array(prepared.compressed[encoding]);
}

/** Every pre-rendered file by the path it answers: pages/blog/a.html → /blog/a, pages/index.html → /. */
function loadPages(pagesDir: string, origin: string): PreparedPages {
  const pages = new Map<string, Prepared>();
  let notFound: Prepared | undefined;
  if (!fs.existsSync(pagesDir)) return { pages, notFound };
  for (const file of fs.readdirSync(pagesDir, { recursive: true, encoding: "utf8" })) {
    const full = path.join(pagesDir, file);
    if (fs.statSync(full).isDirectory()) continue;
    const prepared = prepare(fs.readFileSync(full, "utf8").replaceAll(ORIGIN_PLACEHOLDER, origin));
    const route = `/${file.split(path.sep).join("/")}`;
    if (route === "/404.html") notFound = prepared;
    else if (route === "/index.html") pages.set("/", prepared);
    else pages.set(route.replace(/\.html$/, ""), prepared);
  }
  return { pages, notFound };
}

const contentTypes: Record<string, string> = { ".xml": "application/xml; charset=utf-8", ".txt": "text/plain; charset=utf-8" };

function send(c: Context, route: string, prepared: Prepared, status: 200 | 404 = 200) {
  c.header("Content-Type", contentTypes[path.extname(route)] ?? "text/html; charset=utf-8");
  // Pages change with each release: the browser may keep them, but asks first.
  c.header("Cache-Control", "no-cache");
  c.header("Vary", "Accept-Encoding");
  c.header(CONTENT_SECURITY_POLICY, prepared.policy);
  const encoding = chosenEncoding(c.req.header("accept-encoding"));
  if (!encoding) return c.body(prepared.body, status);
  c.header("Content-Encoding", encoding);
  return c.body(compressed(prepared, encoding), status);
}

export function webAppRoutes(webDir: string, options: { appUrl: string; readSession: SessionReader; productAnalytics?: ProductAnalyticsConfig; signedInPages?: SignedInPagesDependencies }) {
  const app = new Hono();
  const indexPath = path.join(webDir, "index.html");
  if (!fs.existsSync(indexPath)) {
    return app.get("*", (c) => c.text("The web app is not built yet: run `npm run build`.", 503));
  }
  const appShell = appShellOf(fs.readFileSync(indexPath, "utf8"), options.productAnalytics);
  const { pages, notFound } = loadPages(path.join(webDir, "pages"), options.appUrl);
  const relativeRoot = path.relative(process.cwd(), webDir);

  app.use(
    "/assets/*",
    serveStatic({
      root: relativeRoot,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A missing asset is a 404, not the app's page: a tab opened before a new build then fails clearly
  // (and offers a reload) instead of trying to run HTML as JavaScript.
  app.get("/assets/*", (c) => c.text("Not found", 404));

  // The landing page is for visitors: a signed-in one goes straight to the dashboard, before any page is sent,
  // so they never see the landing page flash (the app's own / route handles the same case in the browser).
  app.get(paths.home, async (c, next) => {
    const cookieHeader = c.req.header("cookie");
    const session = cookieHeader ? await options.readSession(cookieHeader, () => c.req.raw.headers) : null;
    if (session) return c.redirect(paths.dashboard, 302);
    return next();
  });

  app.get("*", async (c, next) => {
    const route = c.req.path;
    const page = pages.get(route);
    if (page) return send(c, route, page);
    // /blog/ and /privacy/ are the pages without the slash.
    if (route.length > 1 && route.endsWith("/") && pages.has(route.replace(/\/+$/, ""))) {
      const url = new URL(c.req.url);
      return c.redirect(`${route.replace(/\/+$/, "")}${url.search}`, 301);
    }
    // Blog addresses are all known at build time: an unknown post is a real 404 for search engines too.
    if (notFound && route.startsWith(`${paths.blog}/`)) return send(c, route, notFound, 404);
    return next();
  });

  // The service worker (decision 053): asked for afresh on every visit, so a new release replaces it; its own policy
  // lets it fetch from this origin (a worker's script brings the policy its fetches obey).
  const serviceWorkerFile = path.join(webDir, "sw.js");
  const serviceWorker = fs.existsSync(serviceWorkerFile) ? fs.readFileSync(serviceWorkerFile) : undefined;
  app.get("/sw.js", (c) => {
    if (!serviceWorker) return c.text("Not found", 404);
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    c.header(CONTENT_SECURITY_POLICY, "default-src 'self'");
    return c.body(new Uint8Array(serviceWorker));
  });

  // The signed-in pages people open first, drawn on the server with their data (issue #28).
  if (options.signedInPages) app.get("*", signedInPages(options.signedInPages, { renderer: builtRenderer(webDir), template: appShell }));

  app.use("*", serveStatic({ root: relativeRoot, index: "__none__", precompressed: true }));
  app.get("*", (c) => send(c, "/index.html", appShell));
  return app;
}
