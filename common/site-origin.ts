/** Written into the pre-rendered pages (scripts/prerender.mjs) where an absolute URL is needed; the server puts
 * APP_URL in its place when it loads them, so one build serves any address. */
export const ORIGIN_PLACEHOLDER = "%HOLDUP_ORIGIN%";
