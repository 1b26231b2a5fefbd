// Two guards on every request that changes something under /api (Holdup's routes and better-auth's alike):
// - it must come from Holdup's own pages: its Origin is APP_URL's (or, with no Origin, the browser's Fetch Metadata
//   says same-origin). Another site's page, or a script with no browser around it, is refused: without this,
//   a page elsewhere could post to Holdup with the visitor's cookies.
// - its body, when it has one, is JSON: no endpoint needs another encoding, and one parser means one set of rules
//   (a form-encoded body once reached better-auth past a limit that only read JSON).
import { createMiddleware } from "hono/factory";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const hasBody = (headers: Headers) => (headers.get("content-length") ?? "0") !== "0" || headers.has("transfer-encoding");

/**
 * `except`: paths another server posts to (Stripe's webhook, a mail client's one-click unsubscribe), authenticated by
 * a signature or a signed token rather than an Origin.
 * `bodyTypes`: paths whose body is a file rather than JSON (a picture), with the types they take. None of those is a
 * type a page elsewhere can send without asking first (CORS's "simple" ones), so the reasoning above holds for them.
 * `keyAuthenticated`: paths that take an API key and never a cookie (the public API, the MCP server): a page
 * elsewhere gains nothing by posting there with the visitor's cookies, so no Origin is asked; the body is still JSON.
 */
export const requireSameOrigin = (appUrl: string, options: { except?: readonly (string | RegExp)[]; keyAuthenticated?: readonly (string | RegExp)[]; bodyTypes?: Record<string, readonly string[]> } = {}) => {
  const appOrigin = new URL(appUrl).origin;
  const matches = (paths: readonly (string | RegExp)[], path: string) => paths.some((exempt) => (typeof exempt === "string" ? exempt === path : exempt.test(path)));
  const isExempt = (path: string) => matches(options.except ?? [], path);
  const isKeyAuthenticated = (path: string) => matches(options.keyAuthenticated ?? [], path);
  const fileTypes = new Map(Object.entries(options.bodyTypes ?? {}));
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isExempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    const sameOrigin = origin !== undefined ? origin === appOrigin : c.req.header("sec-fetch-site") === "same-origin";
    if (!sameOrigin && !isKeyAuthenticated(c.req.path)) {
      return c.json({ code: "origin_not_allowed", message: `Requests that change something must come from ${appOrigin}`, fields: { origin: [origin ? `${origin} is not allowed` : "The Origin header is missing"] } }, 403);
    }
    const takes = fileTypes.get(c.req.path);
    if (takes && hasBody(c.req.raw.headers)) {
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!takes.includes(type)) {
        return c.json({ code: "unsupported_media_type", message: `Send a file of one of these types: ${takes.join(", ")}`, fields: { "content-type": [`Expected one of ${takes.join(", ")}`] } }, 415);
      }
      return next();
    }
    if (hasBody(c.req.raw.headers) && !/^application\/json\s*(;|$)/i.test(c.req.header("content-type") ?? "")) {
      return c.json({ code: "unsupported_media_type", message: "Send the body as JSON (Content-Type: application/json)", fields: { "content-type": ["Expected application/json"] } }, 415);
    }
    await next();
  });
};
