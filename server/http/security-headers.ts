// The headers that tell a browser what a response may do: a Content-Security-Policy for every response (the
// HTML documents' allows exactly their own inline scripts, by hash), no framing by any site, HSTS on https.
// See decision 016. Every header value is worked out once (at start, or when a page is loaded), never per request.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

export const CONTENT_SECURITY_POLICY = "Content-Security-Policy";

/** Everything but our HTML documents (the API's JSON, assets, images): nothing may run, load or frame it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A year; without `preload`, which is a promise about the whole domain that only its owner can make. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The exact text of every inline <script> in a document (the ones with a `src` load a file, covered by 'self'). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(inlineScriptPattern)].filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? "")).map(([, , text]) => text ?? "");
}

const scriptHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The policy of one HTML document, from the document itself: its inline scripts (the theme script, a public page's
 * loader) are allowed by their hashes, so the policy cannot drift from what is served. Nothing from another origin,
 * except that the app's page may send to `connectTo` (PostHog's ingestion host when product analytics is configured,
 * decision 038; its code is ours, bundled, so scripts still come from 'self' alone).
 * Styles allow 'unsafe-inline': pre-rendered React markup carries `style` attributes, and sonner and Radix's scroll
 * lock insert <style> elements at run time, whose text varies (see decision 016).
 */
export function documentPolicy(html: string, options: { connectTo?: string } = {}): string {
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  return [
    "default-src 'none'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    ["connect-src 'self'", ...(options.connectTo ? [new URL(options.connectTo).origin] : [])].join(" "),
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Hono's standard security headers, tightened: no framing (X-Frame-Options for browsers that predate
 * frame-ancestors), HSTS only when the app is reached over https (on http it would be ignored at best, and a
 * local install must not teach a browser to insist on https for localhost). A response that set its own policy
 * (an HTML document, see documentPolicy) keeps it; every other one gets RESOURCE_POLICY.
 */
export function securityHeaders(options: { appUrl: string }): MiddlewareHandler {
  const overHttps = new URL(options.appUrl).protocol === "https:";
  const standard = secureHeaders({ xFrameOptions: "DENY", strictTransportSecurity: overHttps ? STRICT_TRANSPORT_SECURITY : false });
  return (c, next) =>
    standard(c, async () => {
      await next();
      if (!c.res.headers.has(CONTENT_SECURITY_POLICY)) c.res.headers.set(CONTENT_SECURITY_POLICY, RESOURCE_POLICY);
    });
}
